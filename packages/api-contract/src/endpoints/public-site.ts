import { defineEndpoints } from './define';

/** The contact form (anyone) and the messages it brought (admins). */
export const contact = defineEndpoints({
  sendContactMessage: {
    access: 'public',
    tags: ['contact'],
    method: 'POST',
    path: '/contact',
    summary: 'Send a message to the agency',
    body: 'ContactBody',
    response: { 201: 'ContactReceipt' },
    errors: [400, 429],
  },
  listContactMessages: {
    access: 'admin',
    tags: ['contact', 'admin'],
    method: 'GET',
    path: '/contact',
    summary: 'Messages sent through the contact form, newest first, a page at a time (admins)',
    querystring: 'ContactListQuery',
    response: { 200: 'ContactPage' },
    errors: [400, 401, 403],
  },
});

import { defineEndpoints } from './define';

/** An account's activity log: the owner's own, a user's for the admins; the "this was not me" link. */
export const activity = defineEndpoints({
  listMyActivity: {
    access: 'user',
    tags: ['current user'],
    method: 'GET',
    path: '/user/activity',
    summary: 'What happened on my account, newest first: sign-ins, new devices, security changes',
    querystring: 'ActivityListQuery',
    response: { 200: 'ActivityPage' },
    errors: [400, 401],
  },
  listUserActivity: {
    access: 'admin',
    tags: ['admin'],
    method: 'GET',
    path: '/users/:id/activity',
    summary: "A user's activity log (an Admin's or a SuperAdmin's only for a SuperAdmin)",
    params: 'IdParams',
    querystring: 'ActivityListQuery',
    response: { 200: 'ActivityPage' },
    errors: [400, 401, 403, 404],
  },
  notMe: {
    access: 'public',
    tags: ['auth'],
    method: 'POST',
    path: '/auth/not-me',
    summary:
      'Use the "this was not me" link of a security notice (once): every session ends, and the answer carries a reset code',
    body: 'NotMeBody',
    response: { 200: 'NotMeResponse' },
    errors: [400, 429],
  },
});

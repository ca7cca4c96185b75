import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../common/schemas';
import { ContactBody, ContactListQuery, ContactPage, ContactReceipt } from './contact.schemas';
import { listMessages, receiveMessage } from './contact.service';

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/contact', {
    preHandler: app.rateLimit('contact'),
    schema: {
      tags: ['contact'],
      summary: 'Send a message to the agency',
      body: ContactBody,
      response: { 201: ContactReceipt, ...errors(400, 429) },
    },
    handler: async (request, reply) => reply.code(201).send(await receiveMessage(app, request.body)),
  });

  app.get('/contact', {
    preHandler: app.requireAdmin,
    schema: {
      summary: 'Messages sent through the contact form (admins)',
      tags: ['contact', 'admin'],
      security: [{ bearerAuth: [] }],
      querystring: ContactListQuery,
      response: { 200: ContactPage, ...errors(400, 401, 403) },
    },
    handler: async (request) => listMessages(app, request.query.page ?? 1, request.query.pageSize ?? 20),
  });
};

export default contactRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { listMessages, receiveMessage } from './contact.service';

const { contact } = endpoints;

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, contact.sendContactMessage, {
    preHandler: app.rateLimit('contact'),
    handler: async (request, reply) => reply.code(201).send(await receiveMessage(app, request.body)),
  });

  route(app, contact.listContactMessages, {
    handler: async (request) => app.adminReads.run(authOf(request).user.id, (db) => listMessages(db, request.query)),
  });
};

export default contactRoutes;

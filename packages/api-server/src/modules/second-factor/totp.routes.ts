import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { confirmTotp, disableTotp, enrolTotp, totpStatus } from './totp.service';

const { secondFactor } = endpoints;

/** The signed-in user's authenticator app. Code tries are limited per address here, per account in the service. */
const totpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, secondFactor.getTotp, {
    handler: async (request) => totpStatus(app, authOf(request).user.id),
  });

  route(app, secondFactor.enrolTotp, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => enrolTotp(app, authOf(request).user),
  });

  route(app, secondFactor.confirmTotp, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => confirmTotp(app, authOf(request).user.id, request.body.code),
  });

  route(app, secondFactor.disableTotp, {
    preHandler: app.rateLimit('otp'),
    handler: async (request, reply) => {
      await disableTotp(app, authOf(request).user, request.body.currentPassword, request.body.code);
      return reply.code(204).send(null);
    },
  });
};

export default totpRoutes;

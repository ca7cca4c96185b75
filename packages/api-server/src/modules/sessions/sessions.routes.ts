import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { forbidden } from '../../lib/http-error';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { getUser } from '../users/users.service';
import { endOtherSessions, endSession, listSessions } from './sessions.service';

const { sessions } = endpoints;

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, sessions.listMySessions, {
    handler: async (request) => {
      const { user, familyId } = authOf(request);
      return { items: await listSessions(app, user.id, familyId) };
    },
  });

  route(app, sessions.endMySession, {
    handler: async (request, reply) => {
      await endSession(app, authOf(request).user.id, request.params.sessionId);
      return reply.code(204).send(null);
    },
  });

  route(app, sessions.endMyOtherSessions, {
    handler: async (request) => {
      const { user, familyId } = authOf(request);
      return { ended: await endOtherSessions(app, user.id, familyId) };
    },
  });

  route(app, sessions.listUserSessions, {
    handler: async (request) => {
      const target = await getUser(app, request.params.id);
      return { items: await listSessions(app, target.id, authOf(request).familyId) };
    },
  });

  route(app, sessions.endUserSession, {
    handler: async (request, reply) => {
      const target = await getUser(app, request.params.id);
      if (target.roles.includes('SuperAdmin') && !authOf(request).user.roles.includes('SuperAdmin'))
        throw forbidden('Only a SuperAdmin can change a SuperAdmin account');
      await endSession(app, target.id, request.params.sessionId);
      return reply.code(204).send(null);
    },
  });
};

export default sessionRoutes;

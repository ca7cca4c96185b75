import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { forbidden } from '../../lib/http-error';
import { authOf } from '../../plugins/auth';
import { errors, IdParams } from '../common/schemas';
import { getUser } from '../users/users.service';
import { DeviceSessionList, EndedSessions, SessionParams, UserSessionParams } from './sessions.schemas';
import { endOtherSessions, endSession, listSessions } from './sessions.service';

const security = [{ bearerAuth: [] }];

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/current-user/sessions', {
    preHandler: app.requireUser,
    schema: {
      tags: ['current-user'],
      security,
      summary: 'My signed-in sessions: browser, system, address, first and last use, this device',
      response: { 200: DeviceSessionList, ...errors(401) },
    },
    handler: async (request) => {
      const { user, familyId } = authOf(request);
      return { items: await listSessions(app, user.id, familyId) };
    },
  });

  app.delete('/current-user/sessions/:sessionId', {
    preHandler: app.requireUser,
    schema: {
      tags: ['current-user'],
      security,
      summary: 'Sign one of my sessions out (its refresh stops at once)',
      params: SessionParams,
      response: { 204: Type.Null(), ...errors(400, 401, 404) },
    },
    handler: async (request, reply) => {
      await endSession(app, authOf(request).user.id, request.params.sessionId);
      return reply.code(204).send(null);
    },
  });

  app.post('/current-user/sessions/end-others', {
    preHandler: app.requireUser,
    schema: {
      tags: ['current-user'],
      security,
      summary: 'Sign out of all other devices',
      response: { 200: EndedSessions, ...errors(401) },
    },
    handler: async (request) => {
      const { user, familyId } = authOf(request);
      return { ended: await endOtherSessions(app, user.id, familyId) };
    },
  });

  app.get('/users/:id/sessions', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['admin'],
      security,
      summary: "A user's signed-in sessions",
      params: IdParams,
      response: { 200: DeviceSessionList, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const target = await getUser(app, request.params.id);
      return { items: await listSessions(app, target.id, authOf(request).familyId) };
    },
  });

  app.delete('/users/:id/sessions/:sessionId', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['admin'],
      security,
      summary: "Sign one of a user's sessions out (SuperAdmin only for a SuperAdmin)",
      params: UserSessionParams,
      response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const target = await getUser(app, request.params.id);
      const actor = authOf(request).user;
      if (target.roles.includes('SuperAdmin') && !actor.roles.includes('SuperAdmin'))
        throw forbidden('Only a SuperAdmin can change a SuperAdmin account');
      await endSession(app, target.id, request.params.sessionId);
      return reply.code(204).send(null);
    },
  });
};

export default sessionRoutes;

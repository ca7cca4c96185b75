import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { isAdmin } from '../../lib/roles';
import { authOf } from '../../plugins/auth';
import { recordActivity } from '../activity/record';
import { signedInSource } from '../activity/source';
import { route } from '../common/route';
import { getUser } from '../users/users.service';
import { endOtherSessions, endSession, listSessions } from './sessions.service';

const { sessions } = endpoints;

const STAFF_SESSIONS_FORBIDDEN = "Only a SuperAdmin can see or end an Admin's or a SuperAdmin's sessions";

/**
 * The account whose sessions an admin asks for. Addresses and browsers of staff accounts are theirs
 * and a SuperAdmin's to see: an Admin reads and ends the sessions of accounts without a staff role.
 */
async function sessionsOwner(app: FastifyInstance, actor: UserRow, id: string): Promise<UserRow> {
  const target = await getUser(app, id);
  if (target.id !== actor.id && isAdmin(target.roles) && !actor.roles.includes('SuperAdmin'))
    throw forbidden(STAFF_SESSIONS_FORBIDDEN);
  return target;
}

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, sessions.listMySessions, {
    handler: async (request) => {
      const { user, familyId } = authOf(request);
      return listSessions(app.db, app.now(), user.id, request.query, familyId);
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
      const ended = await endOtherSessions(app, user.id, familyId);
      await recordActivity(app, { userId: user.id, kind: 'signed-out-everywhere', from: signedInSource(request) });
      return { ended };
    },
  });

  route(app, sessions.listUserSessions, {
    handler: async (request) => {
      const { user, familyId } = authOf(request);
      const target = await sessionsOwner(app, user, request.params.id);
      return app.adminReads.run(user.id, (db) => listSessions(db, app.now(), target.id, request.query, familyId));
    },
  });

  route(app, sessions.endUserSession, {
    handler: async (request, reply) => {
      const target = await sessionsOwner(app, authOf(request).user, request.params.id);
      await endSession(app, target.id, request.params.sessionId);
      return reply.code(204).send(null);
    },
  });
};

export default sessionRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { isAdmin } from '../../lib/roles';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { getUser } from '../users/users.service';
import { defineActivityMails } from './activity-mails';
import { listActivity } from './activity.service';
import { redeemNotMe } from './not-me';

const { activity } = endpoints;

const STAFF_ACTIVITY_FORBIDDEN = "Only a SuperAdmin can see an Admin's or a SuperAdmin's activity";

/** The account whose log an admin asks for: as with sessions, staff accounts are a SuperAdmin's to read. */
async function activityOwner(app: FastifyInstance, actor: UserRow, id: string): Promise<UserRow> {
  const target = await getUser(app, id);
  if (target.id !== actor.id && isAdmin(target.roles) && !actor.roles.includes('SuperAdmin'))
    throw forbidden(STAFF_ACTIVITY_FORBIDDEN);
  return target;
}

const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  defineActivityMails(app);

  route(app, activity.listMyActivity, {
    handler: async (request) => listActivity(app.db, authOf(request).user.id, request.query),
  });

  route(app, activity.listUserActivity, {
    handler: async (request) => {
      const { user } = authOf(request);
      const target = await activityOwner(app, user, request.params.id);
      return app.adminReads.run(user.id, (db) => listActivity(db, target.id, request.query));
    },
  });

  route(app, activity.notMe, {
    preHandler: app.rateLimit('reset'),
    handler: async (request) => {
      const from = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const { email, code } = await redeemNotMe(app, request.body.token, from);
      return { message: 'Every session of your account has ended. Choose a new password now.', email, code };
    },
  });
};

export default activityRoutes;

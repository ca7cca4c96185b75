import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { recordActivity } from '../activity/record';
import { signedInSource } from '../activity/source';
import { includes } from '../common/include-query';
import { route } from '../common/route';
import { toUserDto } from './user.dto';
import { assertFreshProof, prove } from '../fresh-proof/fresh-proof.service';
import { changePassword, updateProfile } from './users.service';

const { account } = endpoints;

const currentUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, account.getCurrentUser, {
    handler: async (request) => toUserDto(authOf(request).user, includes(request.query.include, 'settings')),
  });

  route(app, account.updateCurrentUser, {
    handler: async (request) => {
      const updated = await updateProfile(app, authOf(request).user, request.body);
      const withSettings = includes(request.query.include, 'settings') || request.body.settings !== undefined;
      return toUserDto(updated, withSettings);
    },
  });

  route(app, account.changePassword, {
    // Per address here, per account in the service: a stolen access token cannot guess the password.
    preHandler: app.rateLimit('password'),
    handler: async (request) => {
      const auth = authOf(request);
      const { currentPassword } = request.body;
      // The current password sent along is a proof of its own; without it, the session needs a fresh one.
      if (currentPassword !== undefined) await prove(app, auth, { kind: 'password', password: currentPassword });
      else await assertFreshProof(app, auth);
      await changePassword(app, auth.user, auth.familyId, request.body);
      await recordActivity(app, { userId: auth.user.id, kind: 'password-changed', from: signedInSource(request) });
      return { message: 'Your password has been changed. Other sessions were signed out.' };
    },
  });

  route(app, account.listSystemUsers, {
    handler: async () => app.config.systemUserEmails,
  });
};

export default currentUserRoutes;

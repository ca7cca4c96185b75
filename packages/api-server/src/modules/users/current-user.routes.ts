import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../plugins/auth';
import { errors, IncludeQuery, includes, MessageResponse } from '../common/schemas';
import { toUserDto } from './user.dto';
import { ChangePasswordBody, SystemUsers, UpdateProfileBody, User } from './users.schemas';
import { changePassword, updateProfile } from './users.service';

const tags = ['current user'];
const security = [{ bearerAuth: [] }];

const currentUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/current-user', {
    preHandler: app.requireUser,
    schema: {
      tags,
      security,
      summary: 'The signed-in user',
      querystring: IncludeQuery,
      response: { 200: User, ...errors(400, 401) },
    },
    handler: async (request) => toUserDto(authOf(request).user, includes(request.query.include, 'settings')),
  });

  app.patch('/current-user', {
    preHandler: app.requireUser,
    schema: {
      tags,
      security,
      summary: 'Update profile and settings (never roles or verified)',
      querystring: IncludeQuery,
      body: UpdateProfileBody,
      response: { 200: User, ...errors(400, 401) },
    },
    handler: async (request) => {
      const updated = await updateProfile(app, authOf(request).user, request.body);
      const withSettings = includes(request.query.include, 'settings') || request.body.settings !== undefined;
      return toUserDto(updated, withSettings);
    },
  });

  app.post('/current-user/password', {
    // Per address here, per account in the service: a stolen access token cannot guess the password.
    preHandler: [app.requireUser, app.rateLimit('password')],
    schema: {
      tags,
      security,
      summary: 'Change password; signs out the other sessions',
      body: ChangePasswordBody,
      response: { 200: MessageResponse, ...errors(400, 401, 429) },
    },
    handler: async (request) => {
      const { user, familyId } = authOf(request);
      await changePassword(app, user, familyId, request.body);
      return { message: 'Your password has been changed. Other sessions were signed out.' };
    },
  });

  app.get('/system-users', {
    preHandler: app.requireUser,
    schema: {
      tags: ['system'],
      security,
      summary: 'E-mails of the system users',
      response: { 200: SystemUsers, ...errors(401) },
    },
    handler: async () => app.config.systemUserEmails,
  });
};

export default currentUserRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import {
  acceptInvitation,
  composeInvitationMail,
  invite,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.service';
import { getUser } from '../users/users.service';
import { changeRole, listMembers, removeMember, userWorkspaces } from './members.service';

const { workspaceMembers: ops } = endpoints;

/** A workspace's members and invitations, and accepting one (services check the role on every call). */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.mailQueue.define('invitation', async (to) => composeInvitationMail(app, to));

  route(app, ops.listWorkspaceMembers, {
    handler: async (request) => listMembers(app, authOf(request).user, request.params.id, request.query),
  });
  route(app, ops.changeWorkspaceMemberRole, {
    handler: async (request) =>
      changeRole(app, authOf(request).user, request.params.id, request.params.userId, request.body.role),
  });
  route(app, ops.removeWorkspaceMember, {
    handler: async (request, reply) => {
      await removeMember(app, authOf(request).user, request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  });
  route(app, ops.listWorkspaceInvitations, {
    handler: async (request) => listInvitations(app, authOf(request).user, request.params.id, request.query),
  });
  route(app, ops.inviteWorkspaceMember, {
    handler: async (request, reply) =>
      reply.code(201).send(await invite(app, authOf(request).user, request.params.id, request.body)),
  });
  route(app, ops.revokeWorkspaceInvitation, {
    handler: async (request, reply) => {
      await revokeInvitation(app, authOf(request).user, request.params.id, request.params.invitationId);
      return reply.code(204).send(null);
    },
  });
  route(app, ops.previewInvitation, {
    handler: async (request) => previewInvitation(app, authOf(request).user, request.body.token),
  });
  route(app, ops.listUserWorkspaces, {
    handler: async (request) => {
      const target = await getUser(app, request.params.id);
      return app.adminReads.run(authOf(request).user.id, (db) => userWorkspaces(db, target.id, request.query));
    },
  });
  route(app, ops.acceptInvitation, {
    handler: async (request) => acceptInvitation(app, authOf(request).user, request.body.token),
  });
};

export default memberRoutes;

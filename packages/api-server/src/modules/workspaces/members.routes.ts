import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
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
import { recordActivity } from '../activity/record';
import { signedInSource } from '../activity/source';

const { workspaceMembers: ops } = endpoints;

/** The workspace's name as its members' activity logs tell it (read after the change: it may be gone for them). */
const workspaceName = async (app: FastifyInstance, id: string) =>
  (await app.db.selectFrom('workspaces').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;

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
      const { user } = authOf(request);
      const { id, userId } = request.params;
      await removeMember(app, user, id, userId);
      const workspace = await workspaceName(app, id);
      const left = userId === user.id;
      // The member's log says who acted in words, never the owner's device or address.
      await recordActivity(app, {
        userId,
        kind: 'member-removed',
        ...(left ? { from: signedInSource(request) } : {}),
        details: { workspace, by: left ? 'you' : 'an owner' },
      });
      if (!left) {
        const member = await app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
        await recordActivity(app, {
          userId: user.id,
          kind: 'member-removed',
          from: signedInSource(request),
          details: { workspace, email: member?.email ?? null },
        });
      }
      return reply.code(204).send(null);
    },
  });
  route(app, ops.listWorkspaceInvitations, {
    handler: async (request) => listInvitations(app, authOf(request).user, request.params.id, request.query),
  });
  route(app, ops.inviteWorkspaceMember, {
    handler: async (request, reply) => {
      const { user } = authOf(request);
      const invitation = await invite(app, user, request.params.id, request.body);
      await recordActivity(app, {
        userId: user.id,
        kind: 'invitation-sent',
        from: signedInSource(request),
        details: {
          workspace: await workspaceName(app, request.params.id),
          email: invitation.email,
          role: invitation.role,
        },
      });
      return reply.code(201).send(invitation);
    },
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
    handler: async (request) => {
      const { user } = authOf(request);
      const workspace = await acceptInvitation(app, user, request.body.token);
      await recordActivity(app, {
        userId: user.id,
        kind: 'invitation-accepted',
        from: signedInSource(request),
        details: { workspace: workspace.name, role: workspace.role },
      });
      return workspace;
    },
  });
};

export default memberRoutes;

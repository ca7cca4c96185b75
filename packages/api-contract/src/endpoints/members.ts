import { defineEndpoints } from './define';

const members = { access: 'verified', tags: ['workspace members'] } as const;

/**
 * A workspace's members and invitations. Any member reads the member list; owners invite, change
 * roles, remove and withdraw invitations; a member removes themself to leave. A workspace the
 * caller is not a member of is a 404, never a 403.
 */
export const workspaceMembers = defineEndpoints({
  listWorkspaceMembers: {
    ...members,
    method: 'GET',
    path: '/workspaces/:id/members',
    summary: "A workspace's members with their roles, a page at a time, newest first",
    params: 'IdParams',
    querystring: 'WorkspaceMemberListQuery',
    response: { 200: 'WorkspaceMemberPage' },
    errors: [400, 401, 403, 404],
  },
  changeWorkspaceMemberRole: {
    ...members,
    method: 'PATCH',
    path: '/workspaces/:id/members/:userId',
    summary: "Change a member's role (owners; the last owner stays an owner)",
    params: 'WorkspaceMemberParams',
    body: 'ChangeMemberRoleBody',
    response: { 200: 'WorkspaceMember' },
    errors: [400, 401, 403, 404, 409],
  },
  removeWorkspaceMember: {
    ...members,
    method: 'DELETE',
    path: '/workspaces/:id/members/:userId',
    summary: 'Remove a member (owners), or leave (your own user id); the last owner cannot leave',
    params: 'WorkspaceMemberParams',
    response: { 204: 'NoContent' },
    errors: [400, 401, 403, 404, 409],
  },
  listWorkspaceInvitations: {
    ...members,
    method: 'GET',
    path: '/workspaces/:id/invitations',
    summary: "A workspace's pending invitations, newest first (owners)",
    params: 'IdParams',
    querystring: 'WorkspaceInvitationListQuery',
    response: { 200: 'WorkspaceInvitationPage' },
    errors: [400, 401, 403, 404],
  },
  inviteWorkspaceMember: {
    ...members,
    method: 'POST',
    path: '/workspaces/:id/invitations',
    summary: 'Invite by e-mail with a role (owners): a mail with a link; inviting again sends a new link',
    params: 'IdParams',
    body: 'InviteMemberBody',
    response: { 201: 'WorkspaceInvitation' },
    errors: [400, 401, 403, 404, 409, 429],
  },
  revokeWorkspaceInvitation: {
    ...members,
    method: 'DELETE',
    path: '/workspaces/:id/invitations/:invitationId',
    summary: 'Withdraw a pending invitation (owners): its link stops working',
    params: 'InvitationParams',
    response: { 204: 'NoContent' },
    errors: [400, 401, 403, 404],
  },
  previewInvitation: {
    ...members,
    method: 'POST',
    path: '/invitations/preview',
    summary: 'What an invitation offers (workspace, role, address), before accepting it',
    body: 'InvitationTokenBody',
    response: { 200: 'InvitationPreview' },
    errors: [400, 401, 403, 404],
  },
  acceptInvitation: {
    ...members,
    method: 'POST',
    path: '/invitations/accept',
    summary: 'Accept an invitation sent to your verified address: you become a member with its role',
    body: 'InvitationTokenBody',
    response: { 200: 'Workspace' },
    errors: [400, 401, 403, 404],
  },
  listUserWorkspaces: {
    access: 'admin',
    tags: ['admin'],
    method: 'GET',
    path: '/users/:id/workspaces',
    summary: "The workspaces a user is a member of, with their role and each workspace's member count (admins)",
    params: 'IdParams',
    querystring: 'WorkspaceMemberListQuery',
    response: { 200: 'UserWorkspacePage' },
    errors: [400, 401, 403, 404],
  },
});

import { endpoints } from '@kloof/api-contract/endpoints';
import type { InviteMemberBody, WorkspaceRole } from '@kloof/api-contract';
import { call } from '../call';

const { workspaceMembers: ops } = endpoints;

/** A workspace's members and invitations, and accepting an invitation from its mail. */
export const workspaceMembersApi = {
  list: (workspaceId: string, after?: string) =>
    call(ops.listWorkspaceMembers, { params: { id: workspaceId }, query: after ? { after } : {} }),
  changeRole: (workspaceId: string, userId: string, role: WorkspaceRole) =>
    call(ops.changeWorkspaceMemberRole, { params: { id: workspaceId, userId }, body: { role } }),
  /** Removes a member, or (your own id) leaves the workspace. */
  remove: (workspaceId: string, userId: string) =>
    call(ops.removeWorkspaceMember, { params: { id: workspaceId, userId } }),
  invitations: (workspaceId: string, after?: string) =>
    call(ops.listWorkspaceInvitations, { params: { id: workspaceId }, query: after ? { after } : {} }),
  invite: (workspaceId: string, input: InviteMemberBody) =>
    call(ops.inviteWorkspaceMember, { params: { id: workspaceId }, body: input }),
  revoke: (workspaceId: string, invitationId: string) =>
    call(ops.revokeWorkspaceInvitation, { params: { id: workspaceId, invitationId } }),
  preview: (token: string) => call(ops.previewInvitation, { body: { token } }),
  accept: (token: string) => call(ops.acceptInvitation, { body: { token } }),
  /** The workspaces a user is a member of (admins). */
  ofUser: (userId: string, after?: string) =>
    call(ops.listUserWorkspaces, { params: { id: userId }, query: after ? { after } : {} }),
};

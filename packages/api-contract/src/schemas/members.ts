import { Type, type Static } from '@sinclair/typebox';
import { WORKSPACE_ROLES } from '../constants';
import { CursorPageOf, CursorQuery, Email, IsoDate, StringEnum, Uuid } from './common';

/** What a member may do in a workspace: an owner everything, an editor its projects and links, a viewer read. */
export const WorkspaceRole = StringEnum(WORKSPACE_ROLES);
export type WorkspaceRole = Static<typeof WorkspaceRole>;

export const WorkspaceMember = Type.Object({
  userId: Uuid,
  email: Type.String(),
  username: Type.String(),
  role: WorkspaceRole,
  addedAt: IsoDate,
});
export type WorkspaceMember = Static<typeof WorkspaceMember>;

/** Newest member first (added, then user id). */
export const WorkspaceMemberListQuery = Type.Object({ ...CursorQuery }, { additionalProperties: false });
export type WorkspaceMemberListQuery = Static<typeof WorkspaceMemberListQuery>;

export const WorkspaceMemberPage = CursorPageOf(WorkspaceMember);
export type WorkspaceMemberPage = Static<typeof WorkspaceMemberPage>;

export const WorkspaceMemberParams = Type.Object({ id: Uuid, userId: Uuid });
export type WorkspaceMemberParams = Static<typeof WorkspaceMemberParams>;

export const ChangeMemberRoleBody = Type.Object({ role: WorkspaceRole }, { additionalProperties: false });
export type ChangeMemberRoleBody = Static<typeof ChangeMemberRoleBody>;

/** A pending invitation as its workspace's owners see it (the token is only ever in the mail). */
export const WorkspaceInvitation = Type.Object({
  id: Uuid,
  email: Type.String(),
  role: WorkspaceRole,
  createdAt: IsoDate,
  expiresAt: IsoDate,
});
export type WorkspaceInvitation = Static<typeof WorkspaceInvitation>;

/** Pending invitations, newest first (sent, then id). */
export const WorkspaceInvitationListQuery = Type.Object({ ...CursorQuery }, { additionalProperties: false });
export type WorkspaceInvitationListQuery = Static<typeof WorkspaceInvitationListQuery>;

export const WorkspaceInvitationPage = CursorPageOf(WorkspaceInvitation);
export type WorkspaceInvitationPage = Static<typeof WorkspaceInvitationPage>;

export const InviteMemberBody = Type.Object({ email: Email, role: WorkspaceRole }, { additionalProperties: false });
export type InviteMemberBody = Static<typeof InviteMemberBody>;

export const InvitationParams = Type.Object({ id: Uuid, invitationId: Uuid });
export type InvitationParams = Static<typeof InvitationParams>;

/** The token from the invitation mail's link (after `#`). */
export const InvitationTokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export type InvitationTokenBody = Static<typeof InvitationTokenBody>;

/** What the acceptance page shows before the invitee accepts. */
export const InvitationPreview = Type.Object({
  workspaceName: Type.String(),
  role: WorkspaceRole,
  email: Type.String(),
  invitedBy: Type.String(),
  expiresAt: IsoDate,
});
export type InvitationPreview = Static<typeof InvitationPreview>;

/** A workspace a user is a member of, as an admin sees it on the user's page. */
export const UserWorkspace = Type.Object({
  workspaceId: Uuid,
  name: Type.String(),
  role: WorkspaceRole,
  addedAt: IsoDate,
  memberCount: Type.Integer(),
});
export type UserWorkspace = Static<typeof UserWorkspace>;

export const UserWorkspacePage = CursorPageOf(UserWorkspace);
export type UserWorkspacePage = Static<typeof UserWorkspacePage>;

import { Type, type Static } from '@sinclair/typebox';
import { CursorPageOf, CursorQuery, IsoDate, Uuid } from './common';
import { WorkspaceRole } from './members';

export const Workspace = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  ownerId: Uuid,
  createdAt: IsoDate,
  updatedAt: IsoDate,
  projectCount: Type.Integer(),
  /** The signed-in user's role in it: what the screens offer (the API checks it on every call). */
  role: WorkspaceRole,
});
export type Workspace = Static<typeof Workspace>;

/** Newest first (created, then id); `search` keeps those whose name holds it, letter case aside. */
export const WorkspaceListQuery = Type.Object(
  { ...CursorQuery, search: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export type WorkspaceListQuery = Static<typeof WorkspaceListQuery>;

export const WorkspacePage = CursorPageOf(Workspace);
export type WorkspacePage = Static<typeof WorkspacePage>;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 5000 });

export const CreateWorkspaceBody = Type.Object(
  { name: Name, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type CreateWorkspaceBody = Static<typeof CreateWorkspaceBody>;

export const UpdateWorkspaceBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWorkspaceBody = Static<typeof UpdateWorkspaceBody>;

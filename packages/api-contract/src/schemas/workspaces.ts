import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Uuid } from './common';

export const Workspace = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  ownerId: Uuid,
  createdAt: IsoDate,
  updatedAt: IsoDate,
  projectCount: Type.Integer(),
});
export type Workspace = Static<typeof Workspace>;

export const WorkspaceList = Type.Array(Workspace);
export type WorkspaceList = Static<typeof WorkspaceList>;

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

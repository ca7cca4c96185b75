import { Type } from '@sinclair/typebox';
import { IsoDate, StringEnum, Uuid } from '../common/schemas';

export const ProjectStatus = StringEnum(['planning', 'active', 'on_hold', 'completed']);

export const ProjectSchema = Type.Object({
  id: Uuid,
  workspaceId: Uuid,
  name: Type.String(),
  description: Type.String(),
  status: ProjectStatus,
  createdAt: IsoDate,
  updatedAt: IsoDate,
});

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 5000 });

export const ProjectListQuery = Type.Object({ workspaceId: Type.Optional(Uuid) }, { additionalProperties: false });
export const CreateProjectBody = Type.Object(
  { workspaceId: Uuid, name: Name, description: Type.Optional(Description), status: Type.Optional(ProjectStatus) },
  { additionalProperties: false },
);
export const UpdateProjectBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description), status: Type.Optional(ProjectStatus) },
  { additionalProperties: false, minProperties: 1 },
);

import { Type, type Static } from '@sinclair/typebox';
import { PROJECT_STATUSES } from '../constants';
import { IsoDate, StringEnum, Uuid } from './common';

export const ProjectStatus = StringEnum(PROJECT_STATUSES);
export type ProjectStatus = Static<typeof ProjectStatus>;

export const Project = Type.Object({
  id: Uuid,
  workspaceId: Uuid,
  name: Type.String(),
  description: Type.String(),
  status: ProjectStatus,
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Project = Static<typeof Project>;

export const ProjectList = Type.Array(Project);
export type ProjectList = Static<typeof ProjectList>;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 5000 });

export const ProjectListQuery = Type.Object({ workspaceId: Type.Optional(Uuid) }, { additionalProperties: false });
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const CreateProjectBody = Type.Object(
  { workspaceId: Uuid, name: Name, description: Type.Optional(Description), status: Type.Optional(ProjectStatus) },
  { additionalProperties: false },
);
export type CreateProjectBody = Static<typeof CreateProjectBody>;

export const UpdateProjectBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description), status: Type.Optional(ProjectStatus) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

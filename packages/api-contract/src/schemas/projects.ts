import { Type, type Static } from '@sinclair/typebox';
import { PROJECT_STATUSES } from '../constants';
import { CursorPageOf, CursorQuery, IsoDate, StringEnum, Uuid } from './common';
import { WorkspaceRole } from './members';

export const ProjectStatus = StringEnum(PROJECT_STATUSES);
export type ProjectStatus = Static<typeof ProjectStatus>;

export const Project = Type.Object({
  id: Uuid,
  workspaceId: Uuid,
  /** Its workspace's name, so a list of projects needs no list of workspaces beside it. */
  workspaceName: Type.String(),
  name: Type.String(),
  description: Type.String(),
  status: ProjectStatus,
  createdAt: IsoDate,
  updatedAt: IsoDate,
  /** The signed-in user's role in its workspace: a viewer's screens offer no changes. */
  role: WorkspaceRole,
});
export type Project = Static<typeof Project>;

export const ProjectPage = CursorPageOf(Project);
export type ProjectPage = Static<typeof ProjectPage>;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 5000 });

/** Newest first; each filter narrows (`search`: the name holds it, letter case aside). */
export const ProjectListQuery = Type.Object(
  {
    ...CursorQuery,
    workspaceId: Type.Optional(Uuid),
    status: Type.Optional(ProjectStatus),
    search: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
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

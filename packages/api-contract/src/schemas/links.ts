import { Type, type Static } from '@sinclair/typebox';
import { CursorPageOf, CursorQuery, IsoDate, Uuid } from './common';
import { WorkspaceRole } from './members';

export const Link = Type.Object({
  id: Uuid,
  workspaceId: Uuid,
  /** The names of its workspace and project, so a list of links needs no other list beside it. */
  workspaceName: Type.String(),
  projectId: Type.Union([Uuid, Type.Null()]),
  projectName: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  url: Type.String(),
  createdAt: IsoDate,
  /** The signed-in user's role in its workspace: a viewer's screens offer no changes. */
  role: WorkspaceRole,
});
export type Link = Static<typeof Link>;

export const LinkPage = CursorPageOf(Link);
export type LinkPage = Static<typeof LinkPage>;

const Title = Type.String({ minLength: 1, maxLength: 200 });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'http or https URL' });

export const LinkListQuery = Type.Object(
  {
    ...CursorQuery,
    workspaceId: Type.Optional(Uuid),
    projectId: Type.Optional(Uuid),
    /** The title or the address holds it, letter case aside. */
    search: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type LinkListQuery = Static<typeof LinkListQuery>;

export const CreateLinkBody = Type.Object(
  { workspaceId: Uuid, projectId: Type.Optional(Type.Union([Uuid, Type.Null()])), title: Title, url: Url },
  { additionalProperties: false },
);
export type CreateLinkBody = Static<typeof CreateLinkBody>;

export const UpdateLinkBody = Type.Object(
  { projectId: Type.Optional(Type.Union([Uuid, Type.Null()])), title: Type.Optional(Title), url: Type.Optional(Url) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateLinkBody = Static<typeof UpdateLinkBody>;

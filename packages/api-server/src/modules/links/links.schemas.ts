import { Type } from '@sinclair/typebox';
import { IsoDate, Uuid } from '../common/schemas';

export const LinkSchema = Type.Object({
  id: Uuid,
  workspaceId: Uuid,
  projectId: Type.Union([Uuid, Type.Null()]),
  title: Type.String(),
  url: Type.String(),
  createdAt: IsoDate,
});

const Title = Type.String({ minLength: 1, maxLength: 200 });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'http or https URL' });

export const LinkListQuery = Type.Object(
  { workspaceId: Type.Optional(Uuid), projectId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export const CreateLinkBody = Type.Object(
  { workspaceId: Uuid, projectId: Type.Optional(Type.Union([Uuid, Type.Null()])), title: Title, url: Url },
  { additionalProperties: false },
);
export const UpdateLinkBody = Type.Object(
  { projectId: Type.Optional(Type.Union([Uuid, Type.Null()])), title: Type.Optional(Title), url: Type.Optional(Url) },
  { additionalProperties: false, minProperties: 1 },
);

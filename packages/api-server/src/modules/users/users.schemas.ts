import { Type } from '@sinclair/typebox';
import { PageQuery, Password, Settings, StringEnum, UserSchema } from '../common/schemas';

export const UpdateProfileBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    fullName: Type.Optional(Type.String({ maxLength: 200 })),
    company: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    settings: Type.Optional(Type.Partial(Settings, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 256 }),
    password: Password,
    passwordConfirm: Type.String({ maxLength: 256 }),
  },
  { additionalProperties: false },
);

export const Role = StringEnum(['Admin', 'SuperAdmin']);

export const AdminUpdateUserBody = Type.Object(
  {
    roles: Type.Optional(Type.Array(Role, { uniqueItems: true, maxItems: 2 })),
    verified: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const UserListQuery = Type.Object(
  { search: Type.Optional(Type.String({ maxLength: 200 })), ...PageQuery },
  { additionalProperties: false },
);

export const UserPage = Type.Object({
  items: Type.Array(UserSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

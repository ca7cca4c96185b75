import { Type, type Static } from '@sinclair/typebox';
import { ROLES, THEMES } from '../constants';
import { CursorPageOf, CursorQuery, IsoDate, Password, Phone, StringEnum, Uuid } from './common';

export const Role = StringEnum(ROLES);
export type Role = Static<typeof Role>;

export const UserSettings = Type.Object({
  theme: StringEnum(THEMES),
  newsletter: Type.Boolean(),
});
export type UserSettings = Static<typeof UserSettings>;

/** A user as every endpoint answers it; `settings` only when the call asked for include=[settings]. */
export const User = Type.Object({
  id: Uuid,
  email: Type.String(),
  username: Type.String(),
  fullName: Type.String(),
  company: Type.String(),
  phone: Type.String(),
  roles: Type.Array(Type.String()),
  verified: Type.Boolean(),
  createdAt: IsoDate,
  settings: Type.Optional(UserSettings),
});
export type User = Static<typeof User>;

/** PATCH /current-user: profile and settings, never roles or verified. */
export const UpdateProfileBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    fullName: Type.Optional(Type.String({ maxLength: 200 })),
    company: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Phone),
    settings: Type.Optional(Type.Partial(UserSettings, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

/**
 * POST /current-user/password: the new password, twice. The change needs a fresh proof; a
 * `currentPassword` sent along is checked as one (the same limits), so either way works.
 */
export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    password: Password,
    passwordConfirm: Type.String({ maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** PATCH /users/:id (admins). */
export const AdminUpdateUserBody = Type.Object(
  {
    roles: Type.Optional(Type.Array(Role, { uniqueItems: true, maxItems: 2 })),
    verified: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AdminUpdateUserBody = Static<typeof AdminUpdateUserBody>;

/**
 * Newest first (created, then id); `search` keeps those whose e-mail, username, name or company
 * holds it, letter case aside; `role` those holding that role (`any`: holding one). No total:
 * counting a million rows on every page is what made it slow.
 */
export const UserListQuery = Type.Object(
  {
    ...CursorQuery,
    search: Type.Optional(Type.String({ maxLength: 200 })),
    role: Type.Optional(StringEnum([...ROLES, 'any'], { description: 'Only users holding this role; `any`: one' })),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

export const UserPage = CursorPageOf(User);
export type UserPage = Static<typeof UserPage>;

/** GET /system-users: the system users' e-mail addresses. */
export const SystemUsers = Type.Array(Type.String());
export type SystemUsers = Static<typeof SystemUsers>;

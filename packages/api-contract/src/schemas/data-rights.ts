import { Type, type Static } from '@sinclair/typebox';
import { CursorPageOf, CursorQuery, Email, IsoDate, StringEnum, Uuid } from './common';

/** POST /current-user/email: the address to change to (a link goes to it; the change waits for it). */
export const EmailChangeBody = Type.Object({ email: Email }, { additionalProperties: false });
export type EmailChangeBody = Static<typeof EmailChangeBody>;

/** The same answer whether or not the address is free: the mail to it says which. */
export const EmailChangeRequested = Type.Object({
  message: Type.String(),
  /** When the mailed link stops working. */
  expiresAt: IsoDate,
});
export type EmailChangeRequested = Static<typeof EmailChangeRequested>;

/** POST /auth/email-change/confirm: the token of the link mailed to the new address. */
export const EmailChangeConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type EmailChangeConfirmBody = Static<typeof EmailChangeConfirmBody>;

export const EmailChanged = Type.Object({ message: Type.String(), email: Type.String() });
export type EmailChanged = Static<typeof EmailChanged>;

/** GET /current-user/export: the whole account as JSON, or as a page to read. */
export const ExportQuery = Type.Object(
  { format: Type.Optional(StringEnum(['json', 'html'] as const)) },
  { additionalProperties: false },
);
export type ExportQuery = Static<typeof ExportQuery>;

/**
 * The export's JSON (streamed: workspaces with their projects and links in pages); every part the
 * account holds, nothing secret (no password hash, no second-factor secret, no code or token).
 */
export const AccountExport = Type.Object({
  exportedAt: IsoDate,
  profile: Type.Record(Type.String(), Type.Unknown()),
  settings: Type.Record(Type.String(), Type.Unknown()),
  devices: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  secondFactor: Type.Record(Type.String(), Type.Unknown()),
  passkeys: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  billing: Type.Record(Type.String(), Type.Unknown()),
  mails: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** Each workspace the account is a member of, with its `role`, projects and links. */
  workspaces: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** The account's activity log, newest first. */
  activity: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export type AccountExport = Static<typeof AccountExport>;

/** POST /current-user/deletion: the account's e-mail address typed again, as the confirmation. */
export const DeletionBody = Type.Object({ confirm: Type.String({ maxLength: 254 }) }, { additionalProperties: false });
export type DeletionBody = Static<typeof DeletionBody>;

export const DeletionPolicy = Type.Object({ graceDays: Type.Integer({ minimum: 1 }) });
export type DeletionPolicy = Static<typeof DeletionPolicy>;

export const DeletionScheduled = Type.Object({ message: Type.String(), eraseAfter: IsoDate });
export type DeletionScheduled = Static<typeof DeletionScheduled>;

/** An account marked for deletion, as the admins list it (soonest erasure first). */
export const PendingDeletion = Type.Object({
  userId: Uuid,
  email: Type.String(),
  username: Type.String(),
  requestedAt: IsoDate,
  eraseAfter: IsoDate,
});
export type PendingDeletion = Static<typeof PendingDeletion>;

export const PendingDeletionQuery = Type.Object(CursorQuery, { additionalProperties: false });
export type PendingDeletionQuery = Static<typeof PendingDeletionQuery>;

export const PendingDeletionPage = CursorPageOf(PendingDeletion);
export type PendingDeletionPage = Static<typeof PendingDeletionPage>;

import { Type, type Static } from '@sinclair/typebox';
import { ACTIVITY_KINDS } from '../constants';
import { CursorPageOf, CursorQuery, Uuid } from './common';

/** One event of an account's activity log, as its owner or an admin reads it. */
export const ActivityEvent = Type.Object({
  id: Uuid,
  kind: Type.Union(ACTIVITY_KINDS.map((kind) => Type.Literal(kind))),
  at: Type.String({ format: 'date-time' }),
  /** "Chrome 140", "Linux": the device it came from; null for a change made without one. */
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  /** The exact address for RETENTION_DAYS, its network ("203.0.113.0/24") after that. */
  address: Type.Union([Type.String(), Type.Null()]),
  /** Where the address is, when known (no place database is shipped: null). */
  place: Type.Union([Type.String(), Type.Null()]),
  /** What the event names besides its kind (the sign-in's method, a passkey's name); never a secret. */
  details: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
});
export type ActivityEvent = Static<typeof ActivityEvent>;

/** Newest first (then id). */
export const ActivityListQuery = Type.Object(CursorQuery, { additionalProperties: false });
export type ActivityListQuery = Static<typeof ActivityListQuery>;

export const ActivityPage = CursorPageOf(ActivityEvent);
export type ActivityPage = Static<typeof ActivityPage>;

/** A "this was not me" link's token, from the security notice mail. */
export const NotMeBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
export type NotMeBody = Static<typeof NotMeBody>;

/** Every session ended; the reset code that lets the mailbox's owner set a new password now. */
export const NotMeResponse = Type.Object({ message: Type.String(), email: Type.String(), code: Type.String() });
export type NotMeResponse = Static<typeof NotMeResponse>;

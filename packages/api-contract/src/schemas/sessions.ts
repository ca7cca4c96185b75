import { Type, type Static } from '@sinclair/typebox';
import { CursorPageOf, CursorQuery, Uuid } from './common';

/**
 * One signed-in device as its owner, or an admin, sees it: the browser (by the device id it keeps,
 * else by browser, system and address) with its live sessions, shown by its newest one.
 */
export const DeviceSession = Type.Object({
  /** The device's newest session; signing it out signs the whole device out. */
  id: Uuid,
  /** "Chrome 140", from the User-Agent of the sign-in. */
  browser: Type.String(),
  /** "Linux", "macOS Sonoma", "Android". */
  os: Type.String(),
  /** The address it was last used from (no place database is shipped: the address is the place). */
  ip: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
  /** How many live sessions (sign-ins) the device holds. */
  sessions: Type.Integer({ minimum: 1 }),
  /** The device making this request. */
  current: Type.Boolean(),
});
export type DeviceSession = Static<typeof DeviceSession>;

/** Last used first (then id); a session used between two pages moves to the top of the first. */
export const SessionListQuery = Type.Object(CursorQuery, { additionalProperties: false });
export type SessionListQuery = Static<typeof SessionListQuery>;

export const DeviceSessionPage = CursorPageOf(DeviceSession);
export type DeviceSessionPage = Static<typeof DeviceSessionPage>;

export const SessionParams = Type.Object({ sessionId: Uuid });
export type SessionParams = Static<typeof SessionParams>;

export const UserSessionParams = Type.Object({
  id: Uuid,
  sessionId: Uuid,
});
export type UserSessionParams = Static<typeof UserSessionParams>;

/** How many other devices were signed out. */
export const EndedSessions = Type.Object({ ended: Type.Integer({ minimum: 0 }) });
export type EndedSessions = Static<typeof EndedSessions>;

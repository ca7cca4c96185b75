import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common';

/** One signed-in session (one browser's sign-in) as its owner, or an admin, sees it. */
export const DeviceSession = Type.Object({
  id: Uuid,
  /** "Chrome 140", from the User-Agent of the sign-in. */
  browser: Type.String(),
  /** "Linux", "macOS Sonoma", "Android". */
  os: Type.String(),
  /** The address it was last used from (no place database is shipped: the address is the place). */
  ip: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
  /** The session making this request. */
  current: Type.Boolean(),
});
export type DeviceSession = Static<typeof DeviceSession>;

export const DeviceSessionList = Type.Object({ items: Type.Array(DeviceSession) });
export type DeviceSessionList = Static<typeof DeviceSessionList>;

export const SessionParams = Type.Object({ sessionId: Uuid });
export type SessionParams = Static<typeof SessionParams>;

export const UserSessionParams = Type.Object({
  id: Uuid,
  sessionId: Uuid,
});
export type UserSessionParams = Static<typeof UserSessionParams>;

export const EndedSessions = Type.Object({ ended: Type.Integer({ minimum: 0 }) });
export type EndedSessions = Static<typeof EndedSessions>;

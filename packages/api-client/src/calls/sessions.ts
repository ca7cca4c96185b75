import { endpoints } from '@kloof/api-contract/endpoints';
import type { SessionListQuery } from '@kloof/api-contract';
import { call } from '../call';

const { sessions } = endpoints;

/** Signed-in sessions: the user's own, and (Admin or SuperAdmin) another user's. */
export const sessionsApi = {
  /** One page of my sessions, last used first (`after`: the previous page's `next`). */
  mine: (query: SessionListQuery = {}) => call(sessions.listMySessions, { query }),
  end: (sessionId: string) => call(sessions.endMySession, { params: { sessionId } }),
  endOthers: async () => (await call(sessions.endMyOtherSessions)).ended,
  ofUser: (userId: string, query: SessionListQuery = {}) =>
    call(sessions.listUserSessions, { params: { id: userId }, query }),
  endForUser: (userId: string, sessionId: string) =>
    call(sessions.endUserSession, { params: { id: userId, sessionId } }),
};

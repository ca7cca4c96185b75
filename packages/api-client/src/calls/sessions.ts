import { endpoints } from '@kloof/api-contract/endpoints';
import { call } from '../call';

const { sessions } = endpoints;

/** Signed-in sessions: the user's own, and (Admin or SuperAdmin) another user's. */
export const sessionsApi = {
  mine: async () => (await call(sessions.listMySessions)).items,
  end: (sessionId: string) => call(sessions.endMySession, { params: { sessionId } }),
  endOthers: async () => (await call(sessions.endMyOtherSessions)).ended,
  ofUser: async (userId: string) => (await call(sessions.listUserSessions, { params: { id: userId } })).items,
  endForUser: (userId: string, sessionId: string) =>
    call(sessions.endUserSession, { params: { id: userId, sessionId } }),
};

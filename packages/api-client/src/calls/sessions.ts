import { http } from '../http';
import type { DeviceSessionList, EndedSessions } from '@kloof/api-contract';

const id = encodeURIComponent;

/** Signed-in sessions: the user's own, and (Admin or SuperAdmin) another user's. */
export const sessionsApi = {
  async mine() {
    const { data } = await http.get<DeviceSessionList>('current-user/sessions');
    return data.items;
  },
  async end(sessionId: string): Promise<void> {
    await http.delete(`current-user/sessions/${id(sessionId)}`);
  },
  async endOthers() {
    const { data } = await http.post<EndedSessions>('current-user/sessions/end-others');
    return data.ended;
  },
  async ofUser(userId: string) {
    const { data } = await http.get<DeviceSessionList>(`users/${id(userId)}/sessions`);
    return data.items;
  },
  async endForUser(userId: string, sessionId: string): Promise<void> {
    await http.delete(`users/${id(userId)}/sessions/${id(sessionId)}`);
  },
};

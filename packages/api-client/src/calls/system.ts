import { http } from '../http';
import type { Health } from '../types';

export const systemApi = {
  /** E-mail addresses of the system users. */
  async systemUsers() {
    const { data } = await http.get<string[]>('system-users');
    return data;
  },
  async health() {
    const { data } = await http.get<Health>('health', { authorization: false });
    return data;
  },
};

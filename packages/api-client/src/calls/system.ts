import { http } from '../http';
import type { Health, SystemUsers } from '@kloof/api-contract';

export const systemApi = {
  /** E-mail addresses of the system users. */
  async systemUsers() {
    const { data } = await http.get<SystemUsers>('system-users');
    return data;
  },
  async health() {
    const { data } = await http.get<Health>('health', { authorization: false });
    return data;
  },
};

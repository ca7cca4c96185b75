import { http } from '../http';
import type { Page, Role, User } from '../types';

/** User administration (Admin or SuperAdmin). */
export const usersApi = {
  async list(query: { search?: string; page?: number; pageSize?: number } = {}) {
    const { data } = await http.get<Page<User>>('users', { params: query });
    return data;
  },
  async get(id: string) {
    const { data } = await http.get<User>(`users/${encodeURIComponent(id)}`);
    return data;
  },
  async update(id: string, changes: { roles?: Role[]; verified?: boolean }) {
    const { data } = await http.patch<User>(`users/${encodeURIComponent(id)}`, changes);
    return data;
  },
};

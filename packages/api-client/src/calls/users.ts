import { http } from '../http';
import type { AdminUpdateUserBody, User, UserListQuery, UserPage } from '@kloof/api-contract';

/** User administration (Admin or SuperAdmin). */
export const usersApi = {
  async list(query: UserListQuery = {}) {
    const { data } = await http.get<UserPage>('users', { params: query });
    return data;
  },
  async get(id: string) {
    const { data } = await http.get<User>(`users/${encodeURIComponent(id)}`);
    return data;
  },
  async update(id: string, changes: AdminUpdateUserBody) {
    const { data } = await http.patch<User>(`users/${encodeURIComponent(id)}`, changes);
    return data;
  },
};

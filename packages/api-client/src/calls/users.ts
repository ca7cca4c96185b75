import { endpoints } from '@kloof/api-contract/endpoints';
import type { AdminUpdateUserBody, UserListQuery } from '@kloof/api-contract';
import { call } from '../call';

const { users } = endpoints;

/** User administration (Admin or SuperAdmin). */
export const usersApi = {
  list: (query: UserListQuery = {}) => call(users.listUsers, { query }),
  get: (id: string) => call(users.getUser, { params: { id } }),
  update: (id: string, changes: AdminUpdateUserBody) => call(users.updateUser, { params: { id }, body: changes }),
};

import { http } from '../http';
import type { ChangePasswordBody, MessageResponse, UpdateProfileBody, User } from '@kloof/api-contract';
import { WITH_SETTINGS } from './auth';

/** The signed-in user's own account. */
export const currentUserApi = {
  /**
   * GET current-user. `accessToken` sends that bearer explicitly (the auth check validates a
   * token this way and handles an expired one itself, so no automatic refresh then).
   */
  async get(options: { settings?: boolean; accessToken?: string } = {}) {
    const { data } = await http.get<User | null>('current-user', {
      params: options.settings ? WITH_SETTINGS : undefined,
      headers: options.accessToken ? { Authorization: `Bearer ${options.accessToken}` } : undefined,
      refreshOnExpiry: options.accessToken ? false : undefined,
    });
    return data;
  },
  async update(changes: UpdateProfileBody, options: { settings?: boolean } = {}) {
    const { data } = await http.patch<User>('current-user', changes, {
      params: options.settings ? WITH_SETTINGS : undefined,
    });
    return data;
  },
  async changePassword(payload: ChangePasswordBody) {
    const { data } = await http.post<MessageResponse>('current-user/password', payload);
    return data;
  },
};

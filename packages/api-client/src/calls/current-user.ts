import { http } from '../http';
import type { MessageResponse, User, UserSettings } from '../types';
import { WITH_SETTINGS } from './auth';

export interface ProfileUpdate {
  username?: string;
  fullName?: string;
  company?: string;
  phone?: string;
  settings?: Partial<UserSettings>;
}

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
  async update(changes: ProfileUpdate, options: { settings?: boolean } = {}) {
    const { data } = await http.patch<User>('current-user', changes, {
      params: options.settings ? WITH_SETTINGS : undefined,
    });
    return data;
  },
  async changePassword(payload: { currentPassword: string; password: string; passwordConfirm: string }) {
    const { data } = await http.post<MessageResponse>('current-user/password', payload);
    return data;
  },
};

import { endpoints } from '@kloof/api-contract/endpoints';
import type { ChangePasswordBody, UpdateProfileBody } from '@kloof/api-contract';
import { call } from '../call';
import { WITH_SETTINGS } from './auth';

const { account } = endpoints;

/** The signed-in user's own account. */
export const currentUserApi = {
  /**
   * GET current-user. `accessToken` sends that bearer explicitly (the auth check validates a
   * token this way and handles an expired one itself, so no automatic refresh then).
   */
  get: (options: { settings?: boolean; accessToken?: string } = {}) =>
    call(
      account.getCurrentUser,
      { query: options.settings ? WITH_SETTINGS : undefined },
      options.accessToken
        ? { headers: { Authorization: `Bearer ${options.accessToken}` }, refreshOnExpiry: false }
        : {},
    ),
  update: (changes: UpdateProfileBody, options: { settings?: boolean } = {}) =>
    call(account.updateCurrentUser, { body: changes, query: options.settings ? WITH_SETTINGS : undefined }),
  changePassword: (payload: ChangePasswordBody) => call(account.changePassword, { body: payload }),
};

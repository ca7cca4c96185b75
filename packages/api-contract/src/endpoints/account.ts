import { defineEndpoints } from './define';

const signedIn = { access: 'user', tags: ['current user'] } as const;

/** The signed-in user's own account (verified or not). */
export const account = defineEndpoints({
  getCurrentUser: {
    ...signedIn,
    method: 'GET',
    path: '/current-user',
    summary: 'The signed-in user',
    querystring: 'IncludeQuery',
    response: { 200: 'User' },
    errors: [400, 401],
  },
  updateCurrentUser: {
    ...signedIn,
    method: 'PATCH',
    path: '/current-user',
    summary: 'Update profile and settings (never roles or verified)',
    querystring: 'IncludeQuery',
    body: 'UpdateProfileBody',
    response: { 200: 'User' },
    errors: [400, 401],
  },
  changePassword: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/password',
    summary: 'Change password (needs a fresh proof, or currentPassword); signs out the other sessions',
    body: 'ChangePasswordBody',
    response: { 200: 'MessageResponse' },
    errors: [400, 401, 403, 429],
  },
  listSystemUsers: {
    access: 'user',
    tags: ['system'],
    method: 'GET',
    path: '/system-users',
    summary: 'E-mails of the system users',
    response: { 200: 'SystemUsers' },
    errors: [401],
  },
});

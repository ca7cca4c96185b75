import { defineEndpoints } from './define';

const signedIn = { access: 'user', tags: ['current user'] } as const;
const admins = { access: 'admin', tags: ['admin'] } as const;

/** Signed-in sessions (one per browser sign-in): the user's own, and a user's for the admins. */
export const sessions = defineEndpoints({
  listMySessions: {
    ...signedIn,
    method: 'GET',
    path: '/current-user/sessions',
    summary:
      'My signed-in devices, a page at a time: browser, system, address, sign-in and last use, sessions, this device',
    querystring: 'SessionListQuery',
    response: { 200: 'DeviceSessionPage' },
    errors: [401],
  },
  endMySession: {
    ...signedIn,
    method: 'DELETE',
    path: '/current-user/sessions/:sessionId',
    summary: 'Sign one of my devices out, every session of it (their refresh stops at once)',
    params: 'SessionParams',
    response: { 204: 'NoContent' },
    errors: [400, 401, 404],
  },
  endMyOtherSessions: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/sessions/end-others',
    summary: 'Sign out of all other devices',
    response: { 200: 'EndedSessions' },
    errors: [401],
  },
  listUserSessions: {
    ...admins,
    method: 'GET',
    path: '/users/:id/sessions',
    summary: "A user's signed-in devices (an Admin's or a SuperAdmin's only for a SuperAdmin)",
    params: 'IdParams',
    querystring: 'SessionListQuery',
    response: { 200: 'DeviceSessionPage' },
    errors: [400, 401, 403, 404],
  },
  endUserSession: {
    ...admins,
    method: 'DELETE',
    path: '/users/:id/sessions/:sessionId',
    summary: "Sign one of a user's devices out (an Admin's or a SuperAdmin's only by a SuperAdmin)",
    params: 'UserSessionParams',
    response: { 204: 'NoContent' },
    errors: [400, 401, 403, 404],
  },
});

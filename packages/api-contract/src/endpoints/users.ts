import { defineEndpoints } from './define';

const admins = { access: 'admin', tags: ['admin'] } as const;

/** User administration (Admin or SuperAdmin). */
export const users = defineEndpoints({
  listUsers: {
    ...admins,
    method: 'GET',
    path: '/users',
    summary: 'Users, newest first, a page at a time; search by e-mail, username, name or company, or by role',
    querystring: 'UserListQuery',
    response: { 200: 'UserPage' },
    errors: [400, 401, 403],
  },
  getUser: {
    ...admins,
    method: 'GET',
    path: '/users/:id',
    summary: 'One user',
    params: 'IdParams',
    response: { 200: 'User' },
    errors: [400, 401, 403, 404],
  },
  updateUser: {
    ...admins,
    method: 'PATCH',
    path: '/users/:id',
    summary:
      'Change roles and verified (never your own; SuperAdmin only for SuperAdmin; a role change needs a fresh proof)',
    params: 'IdParams',
    body: 'AdminUpdateUserBody',
    response: { 200: 'User' },
    errors: [400, 401, 403, 404, 409],
  },
});

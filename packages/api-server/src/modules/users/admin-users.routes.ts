import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../plugins/auth';
import { errors, IdParams } from '../common/schemas';
import { toUserDto } from './user.dto';
import { AdminUpdateUserBody, User, UserListQuery, UserPage } from './users.schemas';
import { adminUpdateUser, getUser, listUsers } from './users.service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/users', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Users, searched and paged',
      querystring: UserListQuery,
      response: { 200: UserPage, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const { items, total } = await listUsers(app, { search: request.query.search, page, pageSize });
      return { items: items.map((u) => toUserDto(u)), total, page, pageSize };
    },
  });

  app.get('/users/:id', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'One user',
      params: IdParams,
      response: { 200: User, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => toUserDto(await getUser(app, request.params.id), true),
  });

  app.patch('/users/:id', {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Change roles and verified (never your own; SuperAdmin only for SuperAdmin)',
      params: IdParams,
      body: AdminUpdateUserBody,
      response: { 200: User, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) =>
      toUserDto(await adminUpdateUser(app, authOf(request).user, request.params.id, request.body), true),
  });
};

export default adminUserRoutes;

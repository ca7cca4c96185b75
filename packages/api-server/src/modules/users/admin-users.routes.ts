import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { toUserDto } from './user.dto';
import { adminUpdateUser, getUser, listUsers } from './users.service';

const { users } = endpoints;

const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, users.listUsers, {
    handler: async (request) => app.adminReads.run(authOf(request).user.id, (db) => listUsers(db, request.query)),
  });

  route(app, users.getUser, {
    handler: async (request) => toUserDto(await getUser(app, request.params.id), true),
  });

  route(app, users.updateUser, {
    handler: async (request) =>
      toUserDto(await adminUpdateUser(app, authOf(request), request.params.id, request.body), true),
  });
};

export default adminUserRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { dashboardFor } from './dashboard.service';

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.overview.getDashboard, {
    handler: async (request) => dashboardFor(app, authOf(request).user.id),
  });
};

export default dashboardRoutes;

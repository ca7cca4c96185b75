import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { billingFor } from './billing.service';

const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.overview.getBilling, {
    handler: async (request) => billingFor(app, authOf(request).user.id),
  });
};

export default billingRoutes;

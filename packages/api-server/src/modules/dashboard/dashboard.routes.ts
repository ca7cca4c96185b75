import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../plugins/auth';
import { errors } from '../common/schemas';
import { Dashboard } from './dashboard.schemas';
import { dashboardFor } from './dashboard.service';

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dashboard', {
    preHandler: app.requireVerified,
    schema: {
      tags: ['client area'],
      security: [{ bearerAuth: [] }],
      summary: 'Counts and the 5 newest links of your own workspaces',
      response: { 200: Dashboard, ...errors(401, 403) },
    },
    handler: async (request) => dashboardFor(app, authOf(request).user.id),
  });
};

export default dashboardRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../plugins/auth';
import { errors } from '../common/schemas';
import { LinkSchema } from '../links/links.schemas';
import { dashboardFor } from './dashboard.service';

const DashboardSchema = Type.Object({
  workspaces: Type.Integer(),
  projectsByStatus: Type.Object({
    planning: Type.Integer(),
    active: Type.Integer(),
    on_hold: Type.Integer(),
    completed: Type.Integer(),
  }),
  recentLinks: Type.Array(LinkSchema),
});

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dashboard', {
    preHandler: app.requireVerified,
    schema: {
      tags: ['client area'],
      security: [{ bearerAuth: [] }],
      summary: 'Counts and the 5 newest links of your own workspaces',
      response: { 200: DashboardSchema, ...errors(401, 403) },
    },
    handler: async (request) => dashboardFor(app, authOf(request).user.id),
  });
};

export default dashboardRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../plugins/auth';
import { errors } from '../common/schemas';
import { Billing } from './billing.schemas';
import { billingFor } from './billing.service';

const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/billing', {
    preHandler: app.requireVerified,
    schema: {
      tags: ['client area'],
      security: [{ bearerAuth: [] }],
      summary: 'Your plan and invoices (may be empty)',
      response: { 200: Billing, ...errors(401, 403) },
    },
    handler: async (request) => billingFor(app, authOf(request).user.id),
  });
};

export default billingRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../plugins/auth';
import { errors, IsoDate, Uuid } from '../common/schemas';

const Billing = Type.Object({
  plan: Type.Union([
    Type.Object({ name: Type.String(), priceZar: Type.Number(), interval: Type.String() }),
    Type.Null(),
  ]),
  invoices: Type.Array(
    Type.Object({
      id: Uuid,
      number: Type.String(),
      issuedAt: IsoDate,
      amountZar: Type.Number(),
      status: Type.String(),
    }),
  ),
});

const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/billing', {
    preHandler: app.requireVerified,
    schema: {
      tags: ['client area'],
      security: [{ bearerAuth: [] }],
      summary: 'Your plan and invoices (may be empty)',
      response: { 200: Billing, ...errors(401, 403) },
    },
    handler: async (request) => {
      const userId = authOf(request).user.id;
      const [plan, invoices] = await Promise.all([
        app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst(),
        app.db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('issued_at', 'desc').execute(),
      ]);
      return {
        plan: plan ? { name: plan.plan_name, priceZar: plan.price_zar, interval: plan.interval } : null,
        invoices: invoices.map((i) => ({
          id: i.id,
          number: i.number,
          issuedAt: new Date(i.issued_at).toISOString(),
          amountZar: i.amount_zar,
          status: i.status,
        })),
      };
    },
  });
};

export default billingRoutes;

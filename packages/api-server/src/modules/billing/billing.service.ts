import type { FastifyInstance } from 'fastify';
import type { Billing } from '@kloof/api-contract';

/** The user's plan (null without a subscription) and invoices, newest first. */
export async function billingFor(app: FastifyInstance, userId: string): Promise<Billing> {
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
}

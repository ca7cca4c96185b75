import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../common/schemas';
import { Outbox, OutboxQuery } from './outbox.schemas';

/** Dev/test only: mails kept by the local outbox, newest first. Never registered in production or with SMTP. */
const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.nodeEnv === 'production' || app.mailer.mode !== 'outbox') return;
  app.get('/dev/outbox', {
    schema: {
      tags: ['dev'],
      summary: 'Local mail outbox (development and tests only)',
      querystring: OutboxQuery,
      response: { 200: Outbox, ...errors(400) },
    },
    handler: async (request) => {
      let q = app.db.selectFrom('outbox').selectAll();
      if (request.query.to) q = q.where('to_address', '=', request.query.to.trim().toLowerCase());
      const rows = await q
        .orderBy('seq', 'desc')
        .limit(request.query.limit ?? 50)
        .execute();
      return {
        items: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text,
          ...(r.html ? { html: r.html } : {}),
          createdAt: new Date(r.created_at).toISOString(),
          ...(r.code ? { code: r.code } : {}),
        })),
      };
    },
  });
};

export default outboxRoutes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { route } from '../common/route';

/** Dev/test only: mails kept by the local outbox, newest first. Never registered in production or with SMTP. */
const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.nodeEnv === 'production' || app.mailer.mode !== 'outbox') return;
  route(app, endpoints.operations.listOutbox, {
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

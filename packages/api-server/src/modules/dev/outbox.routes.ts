import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errors, IsoDate, Uuid } from '../common/schemas';

const OutboxItem = Type.Object({
  id: Uuid,
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Optional(Type.String()),
  createdAt: IsoDate,
  code: Type.Optional(Type.String()),
});

/** Dev/test only: mails kept by the local outbox, newest first. Never registered in production or with SMTP. */
const outboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.nodeEnv === 'production' || app.mailer.mode !== 'outbox') return;
  app.get('/dev/outbox', {
    schema: {
      tags: ['dev'],
      summary: 'Local mail outbox (development and tests only)',
      querystring: Type.Object(
        {
          to: Type.Optional(Type.String({ maxLength: 254 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ items: Type.Array(OutboxItem) }), ...errors(400) },
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

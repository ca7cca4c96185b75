import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { Email, errors, IsoDate, PageQuery, Uuid } from '../common/schemas';

const ContactBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Email,
    company: Type.Optional(Type.String({ maxLength: 200 })),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false },
);
const ContactMessage = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  message: Type.String(),
  createdAt: IsoDate,
});
const ContactPage = Type.Object({
  items: Type.Array(ContactMessage),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/contact', {
    preHandler: app.rateLimit('contact'),
    schema: {
      tags: ['contact'],
      summary: 'Send a message to the agency',
      body: ContactBody,
      response: { 201: Type.Object({ id: Uuid, message: Type.String() }), ...errors(400, 429) },
    },
    handler: async (request, reply) => {
      const id = randomUUID();
      const b = request.body;
      await app.db
        .insertInto('contact_messages')
        .values({
          id,
          name: b.name.trim(),
          email: b.email.trim().toLowerCase(),
          company: b.company?.trim() ?? '',
          message: b.message,
          created_at: app.now(),
        })
        .execute();
      return reply.code(201).send({ id, message: 'Thank you for your message. We will get back to you soon.' });
    },
  });

  app.get('/contact', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['contact', 'admin'],
      security: [{ bearerAuth: [] }],
      querystring: Type.Object(PageQuery, { additionalProperties: false }),
      response: { 200: ContactPage, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const [rows, count] = await Promise.all([
        app.db
          .selectFrom('contact_messages')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        app.db
          .selectFrom('contact_messages')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        company: r.company,
        message: r.message,
        createdAt: new Date(r.created_at).toISOString(),
      }));
      return { items, total: Number(count.n), page, pageSize };
    },
  });
};

export default contactRoutes;

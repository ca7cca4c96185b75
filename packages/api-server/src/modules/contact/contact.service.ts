import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ContactBody, ContactPage, ContactReceipt } from '@kloof/api-contract';

export const CONTACT_THANKS = 'Thank you for your message. We will get back to you soon.';

/** Keeps a message from the public contact form (names and addresses trimmed, the text as written). */
export async function receiveMessage(app: FastifyInstance, input: ContactBody): Promise<ContactReceipt> {
  const id = randomUUID();
  await app.db
    .insertInto('contact_messages')
    .values({
      id,
      name: input.name.trim(),
      email: input.email.trim().toLowerCase(),
      company: input.company?.trim() ?? '',
      message: input.message,
      created_at: app.now(),
    })
    .execute();
  return { id, message: CONTACT_THANKS };
}

/** One page of the messages received, newest first. */
export async function listMessages(app: FastifyInstance, page: number, pageSize: number): Promise<ContactPage> {
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
}

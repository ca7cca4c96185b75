import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ContactBody, ContactListQuery, ContactPage, ContactReceipt } from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import * as newestFirst from '../common/newest-first';

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

/** One keyset page of the messages received, newest first (contact_messages_created_idx). */
export async function listMessages(db: Db, q: ContactListQuery): Promise<ContactPage> {
  const messages = db
    .selectFrom('contact_messages')
    .selectAll()
    .select(newestFirst.exactTime('contact_messages.created_at').as('sort_key'));
  return newestFirst.listPage(
    'contact',
    q,
    {},
    (page) => newestFirst.rowsOf(messages, page, 'contact_messages'),
    (r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      company: r.company,
      message: r.message,
      createdAt: new Date(r.created_at).toISOString(),
    }),
  );
}

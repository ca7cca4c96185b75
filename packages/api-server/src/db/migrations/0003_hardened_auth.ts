import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Sign-in under attack: sessions get an absolute end, bootstrap tokens an expiry, and mail leaves
 * the request path through a durable queue of jobs that a worker delivers with retries.
 */
export const m0003_hardened_auth: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('absolute_expires_at', 'timestamptz').execute();
    await sql`update sessions set absolute_expires_at = expires_at`.execute(db);
    await db.schema
      .alterTable('sessions')
      .alterColumn('absolute_expires_at', (c) => c.setNotNull())
      .execute();

    // Tokens printed before this migration have no end: they expire now.
    await db.schema.alterTable('bootstrap_tokens').addColumn('expires_at', 'timestamptz').execute();
    await sql`update bootstrap_tokens set expires_at = created_at`.execute(db);
    await db.schema
      .alterTable('bootstrap_tokens')
      .alterColumn('expires_at', (c) => c.setNotNull())
      .execute();

    await db.schema
      .createTable('mail_jobs')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status in ('pending', 'sent', 'dropped', 'failed')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
      .addColumn('locked_until', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('mail_jobs_due_idx').on('mail_jobs').columns(['status', 'next_attempt_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mail_jobs').ifExists().execute();
    await db.schema.alterTable('bootstrap_tokens').dropColumn('expires_at').execute();
    await db.schema.alterTable('sessions').dropColumn('absolute_expires_at').execute();
  },
};

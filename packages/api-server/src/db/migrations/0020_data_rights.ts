import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The user's data is theirs: e-mail changes waiting for the link mailed to the new address (the
 * token's HMAC only), accounts marked for deletion until their grace ends, and invoices that
 * outlive the account they were issued to (kept for the tax record, no longer tied to a person).
 */
export const m0020_data_rights: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('email_changes')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('new_email', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute();
    await db.schema.createIndex('email_changes_new_email_idx').on('email_changes').column('new_email').execute();
    // The pruning job's range (maintenance/prune-rules.ts).
    await db.schema.createIndex('email_changes_expires_idx').on('email_changes').column('expires_at').execute();

    await db.schema
      .createTable('account_deletions')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .addColumn('erase_after', 'timestamptz', (c) => c.notNull())
      .execute();
    // The admins' list and the erasure both walk it soonest first.
    await db.schema
      .createIndex('account_deletions_erase_idx')
      .on('account_deletions')
      .columns(['erase_after', 'user_id'])
      .execute();

    await sql`alter table invoices alter column user_id drop not null`.execute(db);
    await sql`alter table invoices drop constraint invoices_user_id_fkey`.execute(db);
    await sql`alter table invoices add constraint invoices_user_id_fkey
      foreign key (user_id) references users (id) on delete set null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from invoices where user_id is null`.execute(db);
    await sql`alter table invoices drop constraint invoices_user_id_fkey`.execute(db);
    await sql`alter table invoices add constraint invoices_user_id_fkey
      foreign key (user_id) references users (id) on delete cascade`.execute(db);
    await sql`alter table invoices alter column user_id set not null`.execute(db);
    await db.schema.dropTable('account_deletions').ifExists().execute();
    await db.schema.dropTable('email_changes').ifExists().execute();
  },
};

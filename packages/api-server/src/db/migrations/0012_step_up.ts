import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Step-up checks and site-wide security rules: when each session (token family) last proved it
 * is its owner (password or code) and with what; and the rules a SuperAdmin sets, one row each.
 * TOTP secrets are sealed with a key that is not in the database: the rows written before are
 * sealed at start (startup/seal-totp-secrets.ts), since a migration has no key.
 */
export const m0012_step_up: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('session_families')
      .addColumn('proved_at', 'timestamptz')
      .addColumn('proof_kind', 'text')
      .execute();
    await db.schema
      .createTable('app_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_settings').ifExists().execute();
    await db.schema.alterTable('session_families').dropColumn('proof_kind').dropColumn('proved_at').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/**
 * Authenticator apps (TOTP): one key per user, on once confirmed; the last time step used, so
 * each code works once; and the hashes of the single-use recovery codes.
 */
export const m0010_totp: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_totp')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'timestamptz')
      .addColumn('last_step', 'bigint')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('totp_recovery_codes')
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addPrimaryKeyConstraint('totp_recovery_codes_pk', ['user_id', 'code_hash'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('totp_recovery_codes').ifExists().execute();
    await db.schema.dropTable('user_totp').ifExists().execute();
  },
};

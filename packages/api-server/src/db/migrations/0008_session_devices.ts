import type { Kysely, Migration } from 'kysely';

/**
 * What a person sees of each signed-in session (one token family): the browser and system it
 * was started from, the address, and when it was first and last used.
 */
export const m0008_session_devices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('session_families')
      .addColumn('family_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('browser', 'text', (c) => c.notNull())
      .addColumn('os', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
      // A sign-in from a new device whose notice mail is not composed yet.
      .addColumn('notice_pending', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.createIndex('session_families_user_idx').on('session_families').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('session_families').ifExists().execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/**
 * Who may try codes how often. Browsers that proved they belong to an account (right password, or a mailed code): each keeps a
 * random device id, stored here only as a hash. Sign-in failures made elsewhere never slow a known
 * device, and a known device counts as its own client for code tries.
 */
export const m0007_known_devices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('known_devices')
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('known_devices_pkey', ['user_id', 'device_hash'])
      .execute();
    await db.schema.createIndex('known_devices_seen_idx').on('known_devices').column('last_seen_at').execute();

    // Wrong tries at one code per client (a known device, or an address): someone else's guesses
    // never use up the owner's tries.
    await db.schema
      .createTable('otp_tries')
      .addColumn('otp_id', 'uuid', (c) => c.notNull().references('otps.id').onDelete('cascade'))
      .addColumn('client', 'text', (c) => c.notNull())
      .addColumn('wrong', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('otp_tries_pkey', ['otp_id', 'client'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('otp_tries').ifExists().execute();
    await db.schema.dropTable('known_devices').ifExists().execute();
  },
};

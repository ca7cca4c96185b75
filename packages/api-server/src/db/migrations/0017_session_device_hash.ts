import type { Kysely, Migration } from 'kysely';

/**
 * Which browser started each session: the hash of the device id it keeps (known_devices'), so the
 * devices list shows one row per browser however often it signed in. Null for a session started
 * before, or by a client that sends no device id: those are told apart by browser, system and address.
 */
export const m0017_session_device_hash: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('session_families').addColumn('device_hash', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('session_families').dropColumn('device_hash').execute();
  },
};

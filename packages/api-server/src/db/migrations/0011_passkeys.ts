import type { Kysely, Migration } from 'kysely';

/**
 * Passkeys (WebAuthn): each user's credentials (public key, signature counter, a name), and the
 * ceremonies in flight: one challenge per request for options, taken once, for a few minutes, by
 * the flow that asked (an account adding a passkey from one session, a password sign-in waiting
 * for its second factor, or a sign-in with a passkey alone).
 */
export const m0011_passkeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // base64url, as the browser names it: one credential belongs to one account only.
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('backed_up', 'boolean', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
    await db.schema
      .createTable('webauthn_ceremonies')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
      // What else the flow that asked must show: its session family, or its password challenge's hash.
      .addColumn('bound_to', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webauthn_ceremonies_expiry_idx')
      .on('webauthn_ceremonies')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webauthn_ceremonies').ifExists().execute();
    await db.schema.dropTable('passkeys').ifExists().execute();
  },
};

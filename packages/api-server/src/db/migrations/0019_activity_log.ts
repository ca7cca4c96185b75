import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What happened on each account, for its owner and the admins (modules/activity): sign-ins, new
 * devices, security changes. The exact address is kept RETENTION_DAYS (as sessions keep it), its
 * network (IPv4 /24, IPv6 /48) for the event's whole life; no place database is shipped, so
 * `place` stays null until one is.
 */
export const m0019_activity_log: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('activity_events')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      // The device as the sessions list groups it (migrations 0008, 0017); null for no request.
      .addColumn('browser', 'text')
      .addColumn('os', 'text')
      .addColumn('device_hash', 'text')
      .addColumn('address', 'text')
      .addColumn('network', 'text')
      .addColumn('place', 'text')
      .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      // A security change whose mail is not composed yet (the worker takes one at a time).
      .addColumn('notice_pending', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    // One range per page of one user's log, newest first, however long it is.
    await sql`create index activity_events_user_at_idx on activity_events (user_id, at desc, id desc)`.execute(db);
    // Pruning: whole events past their life, exact addresses past RETENTION_DAYS.
    await db.schema.createIndex('activity_events_at_idx').on('activity_events').column('at').execute();
    await db.schema
      .createIndex('activity_events_address_idx')
      .on('activity_events')
      .column('at')
      .where(sql.raw<boolean>('address is not null'))
      .execute();
    // Erasure: the events in other accounts' logs that name an erased address (details.email).
    await sql`create index activity_events_named_idx on activity_events ((details->>'email'))
      where details ? 'email'`.execute(db);
    await db.schema
      .createIndex('activity_events_notice_idx')
      .on('activity_events')
      .columns(['user_id', 'at'])
      .where(sql.raw<boolean>('notice_pending'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('activity_events').ifExists().execute();
  },
};

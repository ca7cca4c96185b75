import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Telemetry that cannot be forged cheaply: a batch counts only with the web server's page-load
 * token, once per browser, app version, kind and five-minute window (telemetry_votes, kept only
 * while they can still dedupe), into counters per app, version, kind, vital bucket and window
 * (telemetry_counters, also per hour). telemetry_windows holds each window's vote total for the global cap.
 * The old per-minute counts were open to anyone; they are dropped, not carried over.
 */
export const m0005_telemetry_votes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('telemetry_counts').ifExists().execute();
    await db.schema
      .createTable('telemetry_counters')
      .addColumn('app', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c
          .notNull()
          .check(sql`kind in ('page-load', 'load-failed', 'integrity-failed', 'render-error', 'lcp', 'inp', 'cls')`),
      )
      // A vital's histogram bucket (vitals.ts); 0 for the other kinds.
      .addColumn('bucket', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('window_start', 'timestamptz', (c) => c.notNull())
      // 5 (a five-minute window) or 60 (its hour: a day's summary reads 24 rows per key, not 288).
      .addColumn('span_minutes', 'smallint', (c) => c.notNull().check(sql`span_minutes in (5, 60)`))
      .addColumn('count', 'bigint', (c) => c.notNull().check(sql`count > 0`))
      .addPrimaryKeyConstraint('telemetry_counters_pkey', [
        'span_minutes',
        'window_start',
        'app',
        'version',
        'kind',
        'bucket',
      ])
      .execute();
    await db.schema
      .createTable('telemetry_votes')
      .addColumn('window_start', 'timestamptz', (c) => c.notNull())
      .addColumn('app', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      // Keyed hashes from the token (never the address or the seed themselves).
      .addColumn('voter', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('telemetry_votes_pkey', ['window_start', 'app', 'version', 'kind', 'voter'])
      .execute();
    await db.schema
      .createIndex('telemetry_votes_address_idx')
      .on('telemetry_votes')
      .columns(['window_start', 'app', 'version', 'kind', 'address'])
      .execute();
    await db.schema
      .createTable('telemetry_windows')
      .addColumn('window_start', 'timestamptz', (c) => c.primaryKey())
      .addColumn('votes', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('telemetry_windows').ifExists().execute();
    await db.schema.dropTable('telemetry_votes').ifExists().execute();
    await db.schema.dropTable('telemetry_counters').ifExists().execute();
  },
};

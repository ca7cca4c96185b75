import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Error telemetry per release: counts of page loads and failures per app, version, kind, page and
 * minute. One row per key, incremented in place, so the table grows with releases and minutes,
 * never with visitors.
 */
export const m0004_telemetry: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('telemetry_counts')
      .addColumn('app', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind in ('page-load', 'load-failed', 'integrity-failed', 'render-error')`),
      )
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('minute', 'timestamptz', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull().check(sql`count > 0`))
      .addPrimaryKeyConstraint('telemetry_counts_pkey', ['app', 'version', 'kind', 'route', 'minute'])
      .execute();
    // The summary reads a recent range of minutes; the pruning job deletes old ones.
    await db.schema.createIndex('telemetry_counts_minute_idx').on('telemetry_counts').column('minute').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('telemetry_counts').ifExists().execute();
  },
};

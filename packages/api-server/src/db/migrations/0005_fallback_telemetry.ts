import { sql, type Kysely, type Migration } from 'kysely';

const KINDS_BEFORE = sql`kind in ('page-load', 'load-failed', 'integrity-failed', 'render-error')`;

/**
 * A new telemetry kind: 'fallback-loaded', a page served by the app's last known good version
 * after the version a browser was given failed to load (issue 29). Only the kind check widens.
 */
export const m0005_fallback_telemetry: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table telemetry_counts drop constraint telemetry_counts_kind_check`.execute(db);
    await sql`alter table telemetry_counts add constraint telemetry_counts_kind_check
      check (kind in ('page-load', 'load-failed', 'integrity-failed', 'render-error', 'fallback-loaded'))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from telemetry_counts where kind = 'fallback-loaded'`.execute(db);
    await sql`alter table telemetry_counts drop constraint telemetry_counts_kind_check`.execute(db);
    await sql`alter table telemetry_counts add constraint telemetry_counts_kind_check check (${KINDS_BEFORE})`.execute(
      db,
    );
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

const KINDS_BEFORE = sql`kind in ('page-load', 'load-failed', 'integrity-failed', 'render-error', 'lcp', 'inp', 'cls')`;
const KINDS_AFTER = sql`kind in ('page-load', 'load-failed', 'integrity-failed', 'render-error', 'fallback-loaded', 'lcp', 'inp', 'cls')`;

/**
 * A new telemetry kind: 'fallback-loaded', a page served by the app's last known good version
 * after the version a browser was given failed to load (issue 29). Only the counters' kind check
 * widens (votes take any kind the API accepts).
 */
export const m0009_fallback_telemetry: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table telemetry_counters drop constraint telemetry_counters_kind_check`.execute(db);
    await sql`alter table telemetry_counters add constraint telemetry_counters_kind_check check (${KINDS_AFTER})`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from telemetry_counters where kind = 'fallback-loaded'`.execute(db);
    await sql`delete from telemetry_votes where kind = 'fallback-loaded'`.execute(db);
    await sql`alter table telemetry_counters drop constraint telemetry_counters_kind_check`.execute(db);
    await sql`alter table telemetry_counters add constraint telemetry_counters_kind_check check (${KINDS_BEFORE})`.execute(
      db,
    );
  },
};

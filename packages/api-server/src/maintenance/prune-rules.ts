import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { HOUR_MS, windowOf } from '../modules/telemetry/windows';
import { KNOWN_DEVICE_DAYS } from '../modules/auth/known-devices';
import { eraseDueAccounts } from '../modules/data-rights/erasure';

export interface PruneMoment {
  now: Date;
  /** Rows that ended (used, revoked, expired, delivered) before this are past retention. */
  cutoff: Date;
  /** A rotated-out refresh token presented this soon after its use gets the same new pair (REFRESH_GRACE_SECONDS). */
  refreshGraceMs: number;
}

/**
 * One table's rule: deletes what is no longer needed, at most `limit` rows per statement, and
 * yields how many rows each statement deleted. Each statement commits on its own, so a stop
 * between two loses nothing and the next run goes on where this one stopped.
 */
export interface PruneRule {
  table: string;
  what: string;
  batches(db: Kysely<Database>, at: PruneMoment, limit: number): AsyncIterable<number>;
}

/** An account's activity log goes back this far: two years of sign-ins and changes for its owner. */
export const ACTIVITY_RETENTION_DAYS = 730;

/** Telemetry counts are kept this long whatever RETENTION_DAYS says: enough to compare releases. */
export const TELEMETRY_RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** The oldest window a vote can still be cast in: the current one (a token votes only in the window it arrives). */
const votesNeededSince = (now: Date) => windowOf(now);

/**
 * Votes are kept as long as the summary reads five-minute windows (two hours, the watcher's range):
 * it counts from them the distinct networks that claimed render errors and vitals.
 */
const votesReadSince = (now: Date) => new Date(windowOf(now).getTime() - 2 * HOUR_MS);

/** Rows past retention, and the indexed column they are taken in the order of. */
type Condition = [orderBy: string, where: (at: PruneMoment) => RawBuilder<unknown>];

/**
 * Deletes the rows of `table` that meet each condition in turn, `limit` at a time: the subselect
 * reads them in the order of the condition's index (a range scan, see migration 0014; without the
 * order PostgreSQL takes a sequential scan when most rows match, and each batch would read again
 * the dead rows of the ones before) and the delete takes them by their row address (ctid). The
 * condition is checked again on delete, so a row changed in between stays. A statement that
 * deletes fewer than `limit` rows ends its condition.
 */
function whereInBatches(table: keyof Database & string, ...conditions: Condition[]): PruneRule['batches'] {
  return async function* (db, at, limit) {
    for (const [orderBy, condition] of conditions) {
      const where = condition(at);
      for (;;) {
        const result = await sql`delete from ${sql.table(table)} where ctid = any(array(
            select ctid from ${sql.table(table)} where ${where} order by ${sql.ref(orderBy)} limit ${limit}
          )) and ${where}`.execute(db);
        const deleted = Number(result.numAffectedRows ?? 0n);
        yield deleted;
        if (deleted < limit) break;
      }
    }
  };
}

/**
 * Session families whose tokens are all gone, `limit` families at a time in key order (an index
 * range each; a family with tokens left is passed over, not looked at again in this run).
 */
const orphanFamilies: PruneRule['batches'] = async function* (db, _at, limit) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const result = await sql<{ last: string | null; deleted: string | number }>`
      with chunk as (
        select family_id from session_families where family_id > ${after}::uuid order by family_id limit ${limit}
      ), gone as (
        delete from session_families f using chunk
        where f.family_id = chunk.family_id
          and not exists (select 1 from sessions s where s.family_id = chunk.family_id)
        returning 1
      )
      select (select family_id::text from chunk order by family_id desc limit 1) as last, (select count(*) from gone) as deleted`.execute(
      db,
    );
    const row = result.rows[0];
    yield Number(row?.deleted ?? 0);
    if (!row?.last) return;
    after = row.last;
  }
};

/**
 * The exact addresses of activity events older than the retention, `limit` at a time in the order
 * of their partial index: the event stays, with its network (IPv4 /24, IPv6 /48) only.
 */
const activityAddresses: PruneRule['batches'] = async function* (db, { cutoff }, limit) {
  for (;;) {
    const result = await sql`update activity_events set address = null where id = any(array(
        select id from activity_events where address is not null and at < ${cutoff} order by at limit ${limit}
      )) and address is not null`.execute(db);
    const cleared = Number(result.numAffectedRows ?? 0n);
    yield cleared;
    if (cleared < limit) return;
  }
};

/**
 * What the pruning job removes, table by table. Add a rule here for each new table that grows
 * without bound, with an index that makes its condition a range (the job runs each rule on its
 * own, in batches).
 */
export const pruneRules: PruneRule[] = [
  {
    table: 'rate_limits',
    what: 'rate-limit windows that have ended',
    batches: whereInBatches('rate_limits', ['reset_at', ({ now }) => sql`reset_at <= ${now.getTime()}`]),
  },
  {
    table: 'sessions',
    what: 'sessions expired or revoked longer ago than the retention; refresh tokens rotated out once their grace is over',
    batches: whereInBatches(
      'sessions',
      ['expires_at', ({ cutoff }) => sql`expires_at < ${cutoff}`],
      ['revoked_at', ({ cutoff }) => sql`revoked_at < ${cutoff}`],
      // Reuse detection needs no row of a rotated-out token after its grace (sessions.service rotate).
      [
        'used_at',
        ({ now, refreshGraceMs }) => sql`used_at < ${new Date(now.getTime() - refreshGraceMs)} and revoked_at is null`,
      ],
    ),
  },
  {
    table: 'session_families',
    what: 'the device details of sessions whose tokens are all gone',
    batches: orphanFamilies,
  },
  {
    table: 'activity_events',
    what: `activity log events older than ${ACTIVITY_RETENTION_DAYS} days`,
    batches: whereInBatches('activity_events', [
      'at',
      ({ now }) => sql`at < ${new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * DAY_MS)}`,
    ]),
  },
  {
    // A column, not rows: its own name, so the job's report counts it apart.
    table: 'activity_events.address',
    what: 'the exact address of activity events older than the retention (their network stays)',
    batches: activityAddresses,
  },
  {
    table: 'otps',
    what: 'verification and reset codes used or expired longer ago than the retention',
    batches: whereInBatches(
      'otps',
      ['used_at', ({ cutoff }) => sql`used_at < ${cutoff}`],
      ['expires_at', ({ cutoff }) => sql`expires_at < ${cutoff}`],
    ),
  },
  {
    table: 'email_changes',
    what: 'e-mail changes confirmed or expired longer ago than the retention',
    batches: whereInBatches('email_changes', ['expires_at', ({ cutoff }) => sql`expires_at < ${cutoff}`]),
  },
  {
    table: 'account_deletions',
    what: 'accounts whose deletion grace (DELETION_GRACE_DAYS) has ended: their personal data erased, invoices kept without a user',
    batches: eraseDueAccounts,
  },
  {
    table: 'known_devices',
    what: `browsers not seen on their account for ${KNOWN_DEVICE_DAYS} days (no longer known there anyway)`,
    batches: whereInBatches('known_devices', [
      'last_seen_at',
      ({ now }) => sql`last_seen_at < ${new Date(now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS)}`,
    ]),
  },
  {
    table: 'webauthn_ceremonies',
    what: 'passkey challenges that expired unused (a used one is deleted when it is taken)',
    batches: whereInBatches('webauthn_ceremonies', ['expires_at', ({ now }) => sql`expires_at <= ${now}`]),
  },
  {
    table: 'outbox',
    what: 'mail in the local outbox (delivered when written) older than the retention',
    batches: whereInBatches('outbox', ['created_at', ({ cutoff }) => sql`created_at < ${cutoff}`]),
  },
  {
    table: 'mail_jobs',
    what: 'mail jobs sent, dropped or given up longer ago than the retention (pending ones always stay)',
    batches: whereInBatches('mail_jobs', ['finished_at', ({ cutoff }) => sql`finished_at < ${cutoff}`]),
  },
  {
    table: 'bootstrap_tokens',
    what: 'first-admin bootstrap tokens used, or printed longer ago than the retention (every start prints a new one)',
    batches: whereInBatches(
      'bootstrap_tokens',
      ['used_at', ({ cutoff }) => sql`used_at < ${cutoff}`],
      ['created_at', ({ cutoff }) => sql`created_at < ${cutoff}`],
    ),
  },
  {
    table: 'telemetry_counters',
    what: `page-load, error and web-vital counts per release older than ${TELEMETRY_RETENTION_DAYS} days`,
    batches: whereInBatches('telemetry_counters', [
      'window_start',
      ({ now }) => sql`window_start < ${new Date(now.getTime() - TELEMETRY_RETENTION_DAYS * DAY_MS)}`,
    ]),
  },
  {
    table: 'telemetry_votes',
    what: 'telemetry votes older than two hours (they refuse a second vote and count networks)',
    batches: whereInBatches('telemetry_votes', [
      'window_start',
      ({ now }) => sql`window_start < ${votesReadSince(now)}`,
    ]),
  },
  {
    table: 'telemetry_windows',
    what: 'vote totals of windows no token can still vote in',
    batches: whereInBatches('telemetry_windows', [
      'window_start',
      ({ now }) => sql`window_start < ${votesNeededSince(now)}`,
    ]),
  },
];

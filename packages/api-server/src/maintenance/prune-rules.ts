import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HOUR_MS, windowOf } from '../modules/telemetry/windows';
import { KNOWN_DEVICE_DAYS } from '../modules/auth/known-devices';

export interface PruneMoment {
  now: Date;
  /** Rows that ended (used, revoked, expired, delivered) before this are past retention. */
  cutoff: Date;
}

/** One table's rule: deletes what is no longer needed and returns how many rows went. */
export interface PruneRule {
  table: string;
  what: string;
  prune(db: Kysely<Database>, at: PruneMoment): Promise<number>;
}

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

const count = (result: { numDeletedRows: bigint }[]) => result.reduce((n, r) => n + Number(r.numDeletedRows), 0);

/**
 * What the pruning job removes, table by table. Add a rule here for each new table that grows
 * without bound (one delete each; the job runs them in one transaction).
 */
export const pruneRules: PruneRule[] = [
  {
    table: 'rate_limits',
    what: 'rate-limit windows that have ended',
    prune: async (db, { now }) =>
      count(await db.deleteFrom('rate_limits').where('reset_at', '<=', now.getTime()).execute()),
  },
  {
    table: 'sessions',
    what: 'sessions expired or revoked longer ago than the retention',
    prune: async (db, { cutoff }) =>
      count(
        await db
          .deleteFrom('sessions')
          .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
          .execute(),
      ),
  },
  {
    table: 'session_families',
    what: 'the device details of sessions whose tokens are all gone',
    prune: async (db) =>
      count(
        await db
          .deleteFrom('session_families')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('sessions')
                  .select('sessions.id')
                  .whereRef('sessions.family_id', '=', 'session_families.family_id'),
              ),
            ),
          )
          .execute(),
      ),
  },
  {
    table: 'otps',
    what: 'verification and reset codes used or expired longer ago than the retention',
    prune: async (db, { cutoff }) =>
      count(
        await db
          .deleteFrom('otps')
          .where((eb) => eb.or([eb('used_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
          .execute(),
      ),
  },
  {
    table: 'known_devices',
    what: `browsers not seen on their account for ${KNOWN_DEVICE_DAYS} days (no longer known there anyway)`,
    prune: async (db, { now }) =>
      count(
        await db
          .deleteFrom('known_devices')
          .where('last_seen_at', '<', new Date(now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS))
          .execute(),
      ),
  },
  {
    table: 'webauthn_ceremonies',
    what: 'passkey challenges that expired unused (a used one is deleted when it is taken)',
    prune: async (db, { now }) =>
      count(await db.deleteFrom('webauthn_ceremonies').where('expires_at', '<=', now).execute()),
  },
  {
    table: 'outbox',
    what: 'mail in the local outbox (delivered when written) older than the retention',
    prune: async (db, { cutoff }) => count(await db.deleteFrom('outbox').where('created_at', '<', cutoff).execute()),
  },
  {
    table: 'mail_jobs',
    what: 'mail jobs sent, dropped or given up longer ago than the retention (pending ones always stay)',
    prune: async (db, { cutoff }) =>
      count(await db.deleteFrom('mail_jobs').where('finished_at', '<', cutoff).execute()),
  },
  {
    table: 'bootstrap_tokens',
    what: 'first-admin bootstrap tokens used, or printed longer ago than the retention (every start prints a new one)',
    prune: async (db, { cutoff }) =>
      count(
        await db
          .deleteFrom('bootstrap_tokens')
          .where((eb) => eb.or([eb('used_at', '<', cutoff), eb('created_at', '<', cutoff)]))
          .execute(),
      ),
  },
  {
    table: 'telemetry_counters',
    what: `page-load, error and web-vital counts per release older than ${TELEMETRY_RETENTION_DAYS} days`,
    prune: async (db, { now }) =>
      count(
        await db
          .deleteFrom('telemetry_counters')
          .where('window_start', '<', new Date(now.getTime() - TELEMETRY_RETENTION_DAYS * DAY_MS))
          .execute(),
      ),
  },
  {
    table: 'telemetry_votes',
    what: 'telemetry votes older than two hours (they refuse a second vote and count networks)',
    prune: async (db, { now }) =>
      count(await db.deleteFrom('telemetry_votes').where('window_start', '<', votesReadSince(now)).execute()),
  },
  {
    table: 'telemetry_windows',
    what: 'vote totals of windows no token can still vote in',
    prune: async (db, { now }) =>
      count(await db.deleteFrom('telemetry_windows').where('window_start', '<', votesNeededSince(now)).execute()),
  },
];

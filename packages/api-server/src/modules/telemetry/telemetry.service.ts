import { sql } from 'kysely';
import { verifyTelemetryToken, type TelemetryClaims } from '@kloof/telemetry-token';
import type { TelemetryConfig } from '../../config';
import type { Db } from '../../db/connect';
import type { TelemetryKind, VitalKind } from '../../db/schema';
import type { TelemetryBatch, VersionSummary } from '@kloof/api-contract';
import { bucketOf, p75Of } from './vitals';
import { countersSince, hourOf, windowOf } from './windows';

type Kind = TelemetryKind | VitalKind;

const VITALS: readonly string[] = ['lcp', 'inp', 'cls'] satisfies VitalKind[];
const isVital = (kind: Kind): kind is VitalKind => VITALS.includes(kind);

interface Vote {
  app: string;
  version: string;
  kind: Kind;
  bucket: number;
}

/** Why a batch counted nothing at all: no valid token for this origin. */
export class TokenRefused extends Error {}

/** Kinds that say a version's files did not load: the web server can check those files itself. */
const LOAD_FAILURES: readonly string[] = [
  'load-failed',
  'integrity-failed',
  'fallback-loaded',
] satisfies TelemetryKind[];

const listed = (lists: Record<string, string[]> | undefined, app: string, version: string) =>
  !!lists && Object.hasOwn(lists, app) && lists[app]!.includes(version);

/**
 * The votes a batch may cast: one per app, version and kind (the first event of each), only for
 * versions the token was issued for, a vital only with its value and other kinds only without,
 * and a load failure only of a version the web server did not find intact (claims.f): a failure
 * of files the server holds intact is the browser's word against the server's.
 */
function votesOf(batch: TelemetryBatch, claims: TelemetryClaims): Vote[] {
  const votes = new Map<string, Vote>();
  for (const { app, version, kind, value } of batch.events) {
    if (!listed(claims.v, app, version)) continue;
    if (LOAD_FAILURES.includes(kind) && !listed(claims.f, app, version)) continue;
    if (isVital(kind) !== (value !== undefined)) continue;
    const key = JSON.stringify([app, version, kind]);
    if (!votes.has(key)) votes.set(key, { app, version, kind, bucket: isVital(kind) ? bucketOf(kind, value!) : 0 });
  }
  // Key order: concurrent batches lock counter rows in the same order (no deadlock).
  return [...votes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, vote]) => vote);
}

/**
 * Counts a batch: with a token the web server signed for a page of `origin` (the request's
 * Origin), one vote per browser, app version and kind per window, at most `votersPerAddress`
 * browsers per network (the token's /24 or /48), and nothing more once the window holds `maxVotesPerWindow` votes.
 * Returns the votes counted; throws TokenRefused without a valid token.
 */
export async function recordBatch(
  db: Db,
  rules: TelemetryConfig,
  batch: TelemetryBatch,
  origin: string | undefined,
  now: Date,
): Promise<number> {
  const claims = rules.secret ? verifyTelemetryToken(rules.secret, batch.token, now) : null;
  if (!claims || origin !== claims.o) throw new TokenRefused();
  const votes = votesOf(batch, claims);
  if (!votes.length) return 0;
  const window = windowOf(now);
  return db.transaction().execute(async (trx) => {
    const total = await trx
      .selectFrom('telemetry_windows')
      .select('votes')
      .where('window_start', '=', window)
      .executeTakeFirst();
    let room = rules.maxVotesPerWindow - (total?.votes ?? 0);
    const counted: Vote[] = [];
    for (const vote of votes) {
      if (room <= 0) break;
      const inserted = await sql<{ one: number }>`
        insert into telemetry_votes (window_start, app, version, kind, voter, address)
        select ${window}, ${vote.app}, ${vote.version}, ${vote.kind}, ${claims.b}, ${claims.a}
        where (
          select count(*) from telemetry_votes
          where window_start = ${window} and app = ${vote.app} and version = ${vote.version}
            and kind = ${vote.kind} and address = ${claims.a}
        ) < ${rules.votersPerAddress}
        on conflict do nothing
        returning 1 as one`.execute(trx);
      if (inserted.rows.length) {
        counted.push(vote);
        room -= 1;
      }
    }
    if (!counted.length) return 0;
    await trx
      .insertInto('telemetry_windows')
      .values({ window_start: window, votes: counted.length })
      .onConflict((oc) =>
        oc.column('window_start').doUpdateSet({ votes: sql`telemetry_windows.votes + excluded.votes` }),
      )
      .execute();
    await trx
      .insertInto('telemetry_counters')
      .values(
        counted.flatMap((vote) => [
          { ...vote, span_minutes: 5 as const, window_start: window, count: 1 },
          { ...vote, span_minutes: 60 as const, window_start: hourOf(now), count: 1 },
        ]),
      )
      .onConflict((oc) =>
        oc
          .columns(['span_minutes', 'window_start', 'app', 'version', 'kind', 'bucket'])
          .doUpdateSet({ count: sql`telemetry_counters.count + excluded.count` }),
      )
      .execute();
    return counted.length;
  });
}

const emptySummary = (app: string, version: string): VersionSummary => ({
  app,
  version,
  pageLoads: 0,
  loadFailed: 0,
  integrityFailed: 0,
  renderErrors: 0,
  fallbacks: 0,
  errors: 0,
  errorRate: null,
  vitals: { lcp: { samples: 0, p75: null }, inp: { samples: 0, p75: null }, cls: { samples: 0, p75: null } },
});

/**
 * Per app version, the distinct networks whose votes since `from` claimed render errors and web
 * vitals: what only browsers report, so how widely spread the claims are is what an operator weighs.
 */
async function claimNetworks(
  db: Db,
  from: Date,
  app?: string,
): Promise<Map<string, { renderErrors: number; vitals: number }>> {
  const { rows } = await sql<{ app: string; version: string; claim: 'renderErrors' | 'vitals'; n: string }>`
    select app, version, case when kind = 'render-error' then 'renderErrors' else 'vitals' end as claim,
      count(distinct address) as n
    from telemetry_votes
    where window_start >= ${from} and kind in ('render-error', 'lcp', 'inp', 'cls')
      ${app ? sql`and app = ${app}` : sql``}
    group by app, version, claim`.execute(db);
  const networks = new Map<string, { renderErrors: number; vitals: number }>();
  for (const row of rows) {
    const id = `${row.app}\0${row.version}`;
    const entry = networks.get(id) ?? { renderErrors: 0, vitals: 0 };
    entry[row.claim] = Number(row.n);
    networks.set(id, entry);
  }
  return networks;
}

/**
 * Page loads, errors, the error rate and web vitals per app version since a moment (a range
 * over two hours starts at the hour `since` falls in), busiest first. Reads counters, a few rows
 * per app version and window or hour, and for two hours or less the votes' distinct networks.
 */
export async function summarize(db: Db, since: Date, now: Date, app?: string): Promise<VersionSummary[]> {
  const { span, from } = countersSince(since, now);
  let query = db
    .selectFrom('telemetry_counters')
    .select(['app', 'version', 'kind', 'bucket', sql<string>`sum(count)`.as('n')])
    .where('span_minutes', '=', span)
    .where('window_start', '>=', from)
    .groupBy(['app', 'version', 'kind', 'bucket']);
  if (app) query = query.where('app', '=', app);
  const rows = await query.execute();
  const networks = span === 5 ? await claimNetworks(db, from, app) : null;
  return summariesOf(rows, networks);
}

/**
 * One app's versions window by window since a moment (5-minute windows for two hours or less,
 * else hours): the releases console's health over time, from the same counters as summarize.
 */
export async function summarizeOverTime(
  db: Db,
  since: Date,
  now: Date,
  app: string,
): Promise<{ span: number; windows: { start: string; versions: VersionSummary[] }[] }> {
  const { span, from } = countersSince(since, now);
  const rows = await db
    .selectFrom('telemetry_counters')
    .select(['window_start', 'app', 'version', 'kind', 'bucket', sql<string>`sum(count)`.as('n')])
    .where('span_minutes', '=', span)
    .where('window_start', '>=', from)
    .where('app', '=', app)
    .groupBy(['window_start', 'app', 'version', 'kind', 'bucket'])
    .execute();
  const byWindow = new Map<string, CounterRow[]>();
  for (const row of rows) {
    const start = new Date(row.window_start).toISOString();
    byWindow.set(start, [...(byWindow.get(start) ?? []), row]);
  }
  const windows = [...byWindow.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, counters]) => ({ start, versions: summariesOf(counters, null) }));
  return { span, windows };
}

/** A counter row summed over what a summary groups by. */
interface CounterRow {
  app: string;
  version: string;
  kind: TelemetryKind | VitalKind;
  bucket: number;
  n: string;
}

/** Counter rows as one summary per app version, busiest first; `networks` for ranges of two hours or less. */
function summariesOf(
  rows: readonly CounterRow[],
  networks: Map<string, { renderErrors: number; vitals: number }> | null,
): VersionSummary[] {
  const byVersion = new Map<string, { summary: VersionSummary; buckets: Record<VitalKind, Map<number, number>> }>();
  for (const row of rows) {
    const id = `${row.app}\0${row.version}`;
    const entry = byVersion.get(id) ?? {
      summary: emptySummary(row.app, row.version),
      buckets: { lcp: new Map(), inp: new Map(), cls: new Map() },
    };
    const n = Number(row.n);
    const s = entry.summary;
    if (isVital(row.kind)) entry.buckets[row.kind].set(row.bucket, n);
    else if (row.kind === 'page-load') s.pageLoads += n;
    else if (row.kind === 'load-failed') s.loadFailed += n;
    else if (row.kind === 'integrity-failed') s.integrityFailed += n;
    else if (row.kind === 'fallback-loaded') s.fallbacks += n;
    else s.renderErrors += n;
    byVersion.set(id, entry);
  }
  return [...byVersion.values()]
    .map(({ summary: s, buckets }) => {
      // An integrity failure is the reason for a load failure, which is what the visitor met.
      const errors = s.loadFailed + s.renderErrors;
      const vital = (kind: VitalKind) => ({
        samples: [...buckets[kind].values()].reduce((sum, n) => sum + n, 0),
        p75: p75Of(kind, buckets[kind]),
      });
      return {
        ...s,
        errors,
        errorRate: s.pageLoads ? errors / s.pageLoads : null,
        vitals: { lcp: vital('lcp'), inp: vital('inp'), cls: vital('cls') },
        ...(networks && { networks: networks.get(`${s.app}\0${s.version}`) ?? { renderErrors: 0, vitals: 0 } }),
      };
    })
    .sort((a, b) => a.app.localeCompare(b.app) || b.pageLoads - a.pageLoads || a.version.localeCompare(b.version));
}

import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { TelemetryKind } from '../../db/schema';
import type { TelemetryEvent, VersionSummary } from './telemetry.schemas';

const MINUTE_MS = 60_000;

export function minuteOf(time: Date): Date {
  return new Date(Math.floor(time.getTime() / MINUTE_MS) * MINUTE_MS);
}

interface CountKey {
  app: string;
  version: string;
  kind: TelemetryKind;
  route: string;
}

/**
 * Adds a batch to the counts of its minute: one upsert that increments in place, atomic on PGlite
 * and PostgreSQL alike. Equal events are summed first (one statement may not touch a row twice),
 * and rows go in key order so concurrent batches lock them in the same order (no deadlock).
 */
export async function recordEvents(db: Db, events: TelemetryEvent[], now: Date): Promise<number> {
  const counts = new Map<string, { key: CountKey; n: number }>();
  for (const { app, version, kind, route } of events) {
    const id = JSON.stringify([app, version, kind, route]);
    const entry = counts.get(id) ?? { key: { app, version, kind, route }, n: 0 };
    entry.n += 1;
    counts.set(id, entry);
  }
  const minute = minuteOf(now);
  const rows = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, { key, n }]) => ({ ...key, minute, count: n }));
  await db
    .insertInto('telemetry_counts')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['app', 'version', 'kind', 'route', 'minute'])
        .doUpdateSet({ count: sql`telemetry_counts.count + excluded.count` }),
    )
    .execute();
  return events.length;
}

/** Page loads, errors and the error rate per app version since a moment, busiest first. */
export async function summarize(db: Db, since: Date, app?: string): Promise<VersionSummary[]> {
  let query = db
    .selectFrom('telemetry_counts')
    .select(['app', 'version', 'kind', sql<string>`sum(count)`.as('n')])
    .where('minute', '>=', minuteOf(since))
    .groupBy(['app', 'version', 'kind']);
  if (app) query = query.where('app', '=', app);
  const byVersion = new Map<string, VersionSummary>();
  for (const row of await query.execute()) {
    const id = `${row.app}\0${row.version}`;
    const summary = byVersion.get(id) ?? {
      app: row.app,
      version: row.version,
      pageLoads: 0,
      loadFailed: 0,
      integrityFailed: 0,
      renderErrors: 0,
      fallbacks: 0,
      errors: 0,
      errorRate: null,
    };
    const n = Number(row.n);
    if (row.kind === 'page-load') summary.pageLoads += n;
    else if (row.kind === 'load-failed') summary.loadFailed += n;
    else if (row.kind === 'integrity-failed') summary.integrityFailed += n;
    else if (row.kind === 'render-error') summary.renderErrors += n;
    else if (row.kind === 'fallback-loaded') summary.fallbacks += n;
    byVersion.set(id, summary);
  }
  return [...byVersion.values()]
    .map((s) => {
      // An integrity failure is the reason for a load failure, which is what the visitor met.
      const errors = s.loadFailed + s.renderErrors;
      return { ...s, errors, errorRate: s.pageLoads ? errors / s.pageLoads : null };
    })
    .sort((a, b) => a.app.localeCompare(b.app) || b.pageLoads - a.pageLoads || a.version.localeCompare(b.version));
}

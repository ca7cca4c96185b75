/**
 * Telemetry summary benchmark on loopback: starts the API in-process (PGlite in a temp folder, or
 * DATABASE_URL), then times GET /v1/telemetry/summary (24 hours, as /system reads it) three ways,
 * side by side: empty tables (the yardstick); after a flood over HTTP (BENCH_FORGED forged batches
 * from many addresses, and valid-token batches from BENCH_BROWSERS browsers until the window's vote
 * cap); and with every counter row 24 hours can hold filled in (5 apps x 2 versions x every kind
 * and vital bucket x 288 windows and 25 hours: the most anything sent can make). Prints median and spread.
 * Env: BENCH_SAMPLES (default 30), BENCH_FORGED (1000), BENCH_BROWSERS (1000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { signTelemetryToken } from '@kloof/telemetry-token';
import { buildServer, loadConfig } from '../src/server';
import { VITAL_EDGES } from '../src/modules/telemetry/vitals';
import { HOUR_MS, hourOf, WINDOW_MS, windowOf } from '../src/modules/telemetry/windows';

const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const forgedBatches = Number(process.env.BENCH_FORGED ?? 1000);
const browsers = Number(process.env.BENCH_BROWSERS ?? 1000);
const SECRET = 'bench-telemetry-secret-0123456789-abcdef';
const SITE = 'https://kloof.example';
const APPS = ['host', 'marketing', 'auth', 'clientArea', 'admin'];
const VERSIONS = ['20301101-070000-000-aaaaaaaaaa', '20301101-080000-000-bbbbbbbbbb'];

const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-bench-telemetry-'));
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  TELEMETRY_SECRET: SECRET,
  TRUST_PROXY: '127.0.0.1',
  RATE_LIMIT_TELEMETRY: '100000000',
  RATE_LIMIT_LOGIN: '100000',
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const app = await buildServer(config, { onBootstrapToken: () => undefined });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// An Admin to read the summary with.
const email = 'bench-admin@example.com';
const password = 'bench password 1';
const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
await post('/v1/auth/register', { username: 'bench', email, password });
await app.db
  .updateTable('users')
  .set({ verified: true, roles: ['Admin'] })
  .where('email', '=', email)
  .execute();
const { accessToken } = (await (await post('/v1/auth/login', { email, password })).json()) as { accessToken: string };

async function timeSummary(query = ''): Promise<{ median: number; min: number; max: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    const res = await fetch(`${base}/v1/telemetry/summary${query}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    bytes = (await res.text()).length;
    if (!res.ok) throw new Error(`summary answered ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, min: times[0]!, max: times[times.length - 1]!, bytes };
}

const rows: Record<string, unknown>[] = [];
const record = async (state: string, query = '') => {
  const t = await timeSummary(query);
  const counters = await app.db
    .selectFrom('telemetry_counters')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  rows.push({
    state,
    'median ms': t.median.toFixed(1),
    'min ms': t.min.toFixed(1),
    'max ms': t.max.toFixed(1),
    'answer bytes': t.bytes,
    'counter rows': Number(counters?.n ?? 0),
  });
};

await record('empty (yardstick)');

// The flood over HTTP: forged batches from many addresses, then real tokens of many browsers.
const events = VERSIONS.flatMap((version) =>
  ['page-load', 'load-failed', 'render-error'].map((kind) => ({ kind, app: 'marketing', version, route: 'Pricing' })),
);
const now = () => Math.floor(Date.now() / 1000);
const started = performance.now();
for (let i = 0; i < forgedBatches; i += 25) {
  await Promise.all(
    Array.from({ length: 25 }, (_, j) =>
      post(
        '/v1/telemetry',
        { token: `${'f'.repeat(40)}.${'g'.repeat(43)}`, events },
        {
          origin: SITE,
          'x-forwarded-for': `10.${((i + j) >> 8) & 255}.${(i + j) & 255}.1`,
        },
      ).then((r) => r.arrayBuffer()),
    ),
  );
}
for (let i = 0; i < browsers; i += 25) {
  await Promise.all(
    Array.from({ length: 25 }, (_, j) => {
      const n = i + j;
      const token = signTelemetryToken(SECRET, {
        o: SITE,
        b: `browser-${n}`,
        a: `address-${n}`,
        i: now(),
        e: now() + 1800,
        v: Object.fromEntries(APPS.map((a) => [a, VERSIONS])),
      });
      const batch = APPS.flatMap((a) =>
        VERSIONS.map((version) => ({ kind: 'lcp', app: a, version, route: 'Pricing', value: (n * 37) % 60_000 })),
      );
      return post('/v1/telemetry', { token, events: [...events, ...batch] }, { origin: SITE }).then((r) =>
        r.arrayBuffer(),
      );
    }),
  );
}
const floodSeconds = (performance.now() - started) / 1000;
await record(`after ${forgedBatches} forged + ${browsers} browsers' batches (${floodSeconds.toFixed(0)} s)`);

// Every row 24 hours of windows can hold: what no amount of sending can exceed.
const kinds: [string, number][] = [
  ['page-load', 1],
  ['load-failed', 1],
  ['integrity-failed', 1],
  ['render-error', 1],
  ...(['lcp', 'inp', 'cls'] as const).map((k): [string, number] => [k, VITAL_EDGES[k].length + 1]),
];
const first = windowOf(new Date(Date.now() - 24 * 3600_000)).getTime();
const spans: [5 | 60, number][] = [];
for (let w = first; w <= Date.now(); w += WINDOW_MS) spans.push([5, w]);
for (let h = hourOf(new Date(first)).getTime(); h <= Date.now(); h += HOUR_MS) spans.push([60, h]);
for (const [span, w] of spans) {
  const values = APPS.flatMap((a) =>
    VERSIONS.flatMap((version) =>
      kinds.flatMap(([kind, buckets]) =>
        Array.from({ length: buckets }, (_, bucket) => ({
          app: a,
          version,
          kind: kind as 'page-load',
          bucket,
          span_minutes: span,
          window_start: new Date(w),
          count: 5,
        })),
      ),
    ),
  );
  await app.db
    .insertInto('telemetry_counters')
    .values(values)
    .onConflict((oc) => oc.columns(['span_minutes', 'window_start', 'app', 'version', 'kind', 'bucket']).doNothing())
    .execute();
}
await record('every counter 24 hours can hold');

// The votes two hours can hold (24 windows at the 20,000-vote cap, render errors and vitals from
// 20,000 networks): what the watcher's summary counts distinct networks over.
const cap = 20_000;
for (let w = windowOf(new Date(Date.now() - 2 * HOUR_MS)).getTime(); w <= Date.now(); w += WINDOW_MS) {
  await sql`
    insert into telemetry_votes (window_start, app, version, kind, voter, address)
    select ${new Date(w)}, ${APPS[1]}, ${VERSIONS[1]}, (array['render-error', 'lcp', 'inp', 'cls'])[1 + n % 4],
      'voter-' || n, 'network-' || n
    from generate_series(1, ${cap}) as n
    on conflict do nothing`.execute(app.db);
}
const ago = (ms: number) => `?since=${new Date(Date.now() - ms).toISOString()}`;
await record("+ two hours of votes at the cap: the watcher's 15 min", ago(15 * 60_000));
await record('+ two hours of votes at the cap: 2 h', ago(2 * HOUR_MS - 60_000));

console.table(rows);
console.log(
  `GET /v1/telemetry/summary (24 h unless named), ${samples} sequential requests per state, PGlite ${dataDir ? 'on disk' : '(DATABASE_URL)'}`,
);
await app.close();
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });

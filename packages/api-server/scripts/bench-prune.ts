/**
 * Pruning a large backlog while the API answers. On a PostgreSQL 15 cluster of its own (the test
 * cluster: fsync off, default shared_buffers) it seeds BENCH_PRUNE_ROWS (default 50,000,000) expired
 * sessions in SQL (generate_series, shaped as the migrations write them: 100 rotated tokens per
 * family, a family row each, spread over 1,000 users), then starts the API as its own process with
 * the pruning job due 15 s after start, sends GET /v1/current-user (10 connections, a session read
 * per request: AUTH_CACHE_MS=0) until the backlog is gone, and reports the time to clear it and the
 * API's latency before and during pruning. Env: BENCH_PRUNE_ROWS, BENCH_PRUNE_BATCH (PRUNE_BATCH_ROWS).
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { CHEAP_TEST_ENV, startApiProcess, stopApiProcess } from '../testing/api-process';
import { postgresBinaries, startTestCluster } from '../testing/postgres-cluster';

const rows = Number(process.env.BENCH_PRUNE_ROWS ?? 50_000_000);
const batchRows = process.env.BENCH_PRUNE_BATCH ?? '5000';
const PER_FAMILY = 100;
const SEED_CHUNK = 1_000_000;
const START_TIMEOUT_MS = 600_000;

const bin = postgresBinaries();
if (!bin) throw new Error('PostgreSQL 15 binaries not found (/usr/lib/postgresql/15/bin)');
const cluster = await startTestCluster(bin);
const db = new pg.Client({ connectionString: cluster.url });
await db.connect();
const seconds = (fromMs: number) => ((performance.now() - fromMs) / 1000).toFixed(1);

const apiEnv = (env: Record<string, string>) => ({
  ...CHEAP_TEST_ENV,
  DATABASE_URL: cluster.url,
  LOG_LEVEL: 'info', // its start is read from the log
  ACCESS_TOKEN_TTL: '86400',
  AUTH_CACHE_MS: '0',
  RATE_LIMIT_LOGIN: '100000',
  ...env,
});

let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
try {
  // 1. Schema and a signed-in user, from the API itself (no pruning yet).
  api = await startApiProcess(apiEnv({ PRUNE_INTERVAL_SECONDS: '604800' }), START_TIMEOUT_MS);
  const post = (path: string, body: unknown) =>
    fetch(`${api?.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = 'bench@example.com';
  const password = 'bench password 1';
  await post('/v1/auth/register', { username: 'bench', email, password });
  const outbox = (await (await fetch(`${api.url}/v1/dev/outbox?to=${email}`)).json()) as {
    items: { code?: string }[];
  };
  await post('/v1/auth/accountConfirmation/confirm', { email, otp: outbox.items[0]?.code });
  const { accessToken } = (await (await post('/v1/auth/login', { email, password })).json()) as {
    accessToken: string;
  };
  await stopApiProcess(api);

  // 2. The backlog: indexes and constraints dropped while inserting (a random-uuid primary key and a
  // foreign-key check per row slow a 50M-row insert tenfold as the table outgrows memory), then made
  // again as the migrations define them, constraints validated.
  const seedStart = performance.now();
  await db.query(`insert into users
    select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object(
      'id', gen_random_uuid(), 'email', 'backlog-' || i || '@example.com', 'username', 'backlog' || i))).*
    from users u, generate_series(1, 1000) as i where u.email = '${email}'`);
  const indexes = (
    await db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'sessions'
        and indexname not in (select conname from pg_constraint)`,
    )
  ).rows;
  const constraints = (
    await db.query<{ conname: string; definition: string }>(
      `select conname, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'sessions'::regclass and contype in ('p', 'u', 'f') order by contype desc`,
    )
  ).rows; // 'p' and 'u' before 'f' when made again
  for (const index of indexes) await db.query(`drop index ${index.indexname}`);
  for (const c of constraints) await db.query(`alter table sessions drop constraint ${c.conname}`);
  await db.query(`create temporary table backlog_users as
    select row_number() over (order by id) - 1 as n, id from users where email like 'backlog-%'`);
  for (let from = 0; from < rows; from += SEED_CHUNK) {
    const to = Math.min(rows, from + SEED_CHUNK) - 1;
    // Row i: family i / 100 (its last token never used), user of the family, expired 31-90 days ago.
    await db.query(`insert into sessions (id, family_id, user_id, token_hash, expires_at, absolute_expires_at, used_at, created_at)
      select gen_random_uuid(), md5('family' || (i / ${PER_FAMILY}))::uuid, u.id, md5('a' || i) || md5('b' || i),
        e.at, e.at, case when i % ${PER_FAMILY} < ${PER_FAMILY - 1} then e.at - interval '29 days' end,
        e.at - interval '30 days'
      from generate_series(${from}, ${to}) as i
      join backlog_users u on u.n = (i / ${PER_FAMILY}) % 1000
      cross join lateral (select now() - interval '31 days' - (i % 5184000) * interval '1 second' as at) e`);
    process.stdout.write(`\rseeded ${(to + 1).toLocaleString('en')} sessions (${seconds(seedStart)} s)`);
  }
  await db.query(`insert into session_families (family_id, user_id, browser, os, ip, created_at, last_used_at)
    select distinct on (family_id) family_id, user_id, 'Firefox', 'Linux', '127.0.0.1', created_at, created_at
    from sessions where user_id in (select id from backlog_users)`);
  for (const c of constraints) await db.query(`alter table sessions add constraint ${c.conname} ${c.definition}`);
  for (const index of indexes) await db.query(index.indexdef);
  await db.query('vacuum analyze sessions');
  await db.query('vacuum analyze session_families');
  const size = (await db.query<{ size: string }>(`select pg_size_pretty(pg_total_relation_size('sessions')) as size`))
    .rows[0]?.size;
  console.log(`\nseeded in ${seconds(seedStart)} s: sessions ${size} with indexes`);
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `explain select ctid from sessions where expires_at < now() - interval '30 days' order by expires_at limit 5000`,
  );
  console.log(`batch subselect plan: ${plan.rows.map((r) => r['QUERY PLAN'].trim()).join(' / ')}`);

  // 3. The API with the pruning job due soon, under steady reads, until the backlog is gone.
  api = await startApiProcess(apiEnv({ PRUNE_INTERVAL_SECONDS: '15', PRUNE_BATCH_ROWS: batchRows }), START_TIMEOUT_MS);
  const responses: { at: number; ms: number; status: number }[] = [];
  const load = autocannon(
    {
      url: `${api.url}/v1/current-user`,
      headers: { authorization: `Bearer ${accessToken}` },
      connections: 10,
      duration: 24 * 3600,
    },
    () => undefined,
  ); // with a callback it answers the instance (to stop), not a promise
  load.on('response', (_client, status, _bytes, ms) => responses.push({ at: performance.now(), ms, status }));
  let pruneStart: number | undefined;
  let cleared: number | undefined;
  const backlogLeft = async () =>
    (await db.query(`select exists(select 1 from sessions where expires_at < now() - interval '30 days') as left`))
      .rows[0]?.left as boolean;
  const deletedSoFar = async () =>
    Number(
      (await db.query(`select n_tup_del from pg_stat_user_tables where relname = 'sessions'`)).rows[0]?.n_tup_del ?? 0,
    );
  while (cleared === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (pruneStart === undefined && (await deletedSoFar()) > 0) pruneStart = performance.now();
    if (pruneStart !== undefined && !(await backlogLeft())) cleared = performance.now();
    if (api.child.exitCode !== null) throw new Error(`API stopped:\n${api.output()}`);
  }
  load.stop();
  await stopApiProcess(api);

  const window = (from: number, to: number) => {
    const inside = responses.filter((r) => r.at >= from && r.at < to);
    const ms = inside.map((r) => r.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? NaN;
    return {
      requests: inside.length,
      'req/s': Math.round(inside.length / ((to - from) / 1000)),
      'p50 ms': Number(at(0.5).toFixed(1)),
      'p99 ms': Number(at(0.99).toFixed(1)),
      'max ms': Number((ms.at(-1) ?? NaN).toFixed(1)),
      'non-200': inside.filter((r) => r.status !== 200).length,
    };
  };
  const first = responses[0]?.at ?? 0;
  console.log(
    `\n${rows.toLocaleString('en')} expired sessions cleared in ${((cleared - (pruneStart ?? cleared)) / 1000).toFixed(1)} s ` +
      `(PRUNE_BATCH_ROWS ${batchRows}; first deletion seen within 0.5 s + the statistics delay)`,
  );
  console.table({
    'before pruning': window(first, pruneStart ?? first),
    'while pruning': window(pruneStart ?? first, cleared),
  });
  const problems = api
    .output()
    .split('\n')
    .filter((line) => /"level":(40|50|60)/.test(line) && !line.includes('No SuperAdmin exists'));
  console.log(`API warnings and errors while pruning: ${problems.length ? `\n${problems.join('\n')}` : 'none'}`);
} finally {
  await stopApiProcess(api);
  await db.end().catch(() => undefined);
  await cluster.destroy();
}

/**
 * One client's list of 10,000 workspaces among a million rows of others, on PostgreSQL: starts the
 * API (`src/main.ts` of API_DIR, default this package; point it at an older copy to compare) as its
 * own process on BENCH_API_PORT (default 4511), seeds the database once with plain SQL (100,000
 * other clients with 10 workspaces and a project in each, and the client's 10,000 workspaces with a
 * project each), then measures GET /v1/workspaces: the first page and, where the API pages, a page
 * 9,900 rows deep: BENCH_SAMPLES requests one after another (median and spread), then autocannon
 * at BENCH_CONNECTIONS for BENCH_DURATION s (req/s). Needs DATABASE_URL:
 *   scripts/with-postgres.sh node --import tsx scripts/bench-client-lists.ts
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench-client-lists: set DATABASE_URL (scripts/with-postgres.sh does)');
const port = Number(process.env.BENCH_API_PORT ?? 4511);
const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const apiDir = path.resolve(process.env.API_DIR ?? path.join(import.meta.dirname, '..'));
const base = `http://127.0.0.1:${port}`;
const email = 'lists-bench@example.com';
const password = 'lists bench password 1';
const OTHER_CLIENTS = 100_000;
const OWN = 10_000;

const started = performance.now();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: apiDir,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    DATABASE_STATEMENT_TIMEOUT_MS: '600000',
    // The same keys for every copy run on this database (each would otherwise make its own file).
    JWT_SECRET: 'bench-client-lists-signing-secret-0123456789',
    TOTP_ENCRYPTION_KEY: 'bench-client-lists-totp-key-0123456789abcdef',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    child.kill('SIGTERM');
    process.exit(1);
  });
}

async function until(test: () => Promise<boolean>, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test().catch(() => false))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`bench-client-lists: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Plain SQL in the shapes the migrations write, so it fits the schema before and after 0013. */
async function seed(db: pg.Client): Promise<void> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from workspaces');
  if (rows[0]!.n >= OTHER_CLIENTS * 10 + OWN) return;
  const t = performance.now();
  await db.query(`insert into users (id, email, username, password_hash, created_at, updated_at)
    select gen_random_uuid(), 'other-' || n || '@example.com', 'other' || n, 'x', now(), now()
    from generate_series(1, ${OTHER_CLIENTS}) n`);
  await db.query(`insert into workspaces (id, owner_id, name, description, created_at, updated_at)
    select gen_random_uuid(), u.id, 'Workspace ' || n, '', now() - random() * interval '3 years', now()
    from users u, generate_series(1, 10) n where u.email like 'other-%'`);
  await db.query(`insert into workspaces (id, owner_id, name, description, created_at, updated_at)
    select gen_random_uuid(), u.id, 'Mine ' || n, 'A workspace of the bench client', now() - n * interval '1 minute', now()
    from users u, generate_series(1, ${OWN}) n where u.email = '${email}'`);
  await db.query(`insert into projects (id, workspace_id, name, description, status, created_at, updated_at)
    select gen_random_uuid(), w.id, 'Project', '', 'active', w.created_at, w.created_at from workspaces w`);
  await db.query('vacuum analyze');
  console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}

/** The value at fraction q of the sorted samples. */
const at = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => x.toFixed(1);

/**
 * Latency from BENCH_SAMPLES requests one after another (median, p10-p90, min-max), then
 * throughput from autocannon at BENCH_CONNECTIONS for BENCH_DURATION s.
 */
async function measure(label: string, url: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const answer = await fetch(url, { headers });
    bytes = (await answer.arrayBuffer()).byteLength;
    if (!answer.ok) throw new Error(`${label}: ${answer.status}`);
    times.push(performance.now() - t);
  }
  const r = await autocannon({ url, connections, duration, headers });
  if (r.non2xx || r.errors) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  console.log(
    `${label}: ${bytes} B; ${samples} sequential: median ${ms(at(times, 0.5))} ms, p10-p90 ` +
      `${ms(at(times, 0.1))}-${ms(at(times, 0.9))}, min-max ${ms(Math.min(...times))}-${ms(Math.max(...times))}; ` +
      `autocannon c${connections} ${duration} s: ${r.requests.average.toFixed(1)} req/s, p50 ${r.latency.p50} ms, ` +
      `p99 ${r.latency.p99} ms, ${r.requests.total} requests`,
  );
}

const db = new pg.Client({ connectionString: databaseUrl });
try {
  await until(async () => (await fetch(`${base}/v1/health`)).ok, 'the API did not start', 600_000);
  console.log(`API (${apiDir}) up in ${((performance.now() - started) / 1000).toFixed(1)} s (migrations included)`);
  await db.connect();
  await seed(db);
  const login = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const first = (await (
    await fetch(`${base}/v1/workspaces`, { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as unknown;
  await measure('GET /v1/workspaces (first page)', `${base}/v1/workspaces`, accessToken);
  if (!Array.isArray(first)) {
    let after = '';
    for (let page = 0; page < 99; page++) {
      const res = await fetch(`${base}/v1/workspaces?limit=100${after}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      after = `&after=${((await res.json()) as { next: string }).next}`;
    }
    await measure(
      'GET /v1/workspaces?limit=100 (rows 9,901-10,000)',
      `${base}/v1/workspaces?limit=100${after}`,
      accessToken,
    );
  }
} finally {
  await db.end();
  child.kill('SIGTERM');
}

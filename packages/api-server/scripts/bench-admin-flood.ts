/**
 * Admin searches in a crowd against a client's requests: the API in process on the users that
 * bench:admin-search seeded (PostgreSQL schema `bench_admin`), BENCH_CONCURRENCY admins' searches
 * at once (default 10 and 50) for BENCH_SECONDS (default 5) while one client asks for its
 * dashboard and /health in turn; prints per side the answers by status and the median and p90.
 *   packages/api-server/scripts/with-postgres.sh sh -c \
 *     'pnpm --filter @kloof/api-server bench:admin-search && pnpm --filter @kloof/api-server bench:admin-flood'
 */
import { performance } from 'node:perf_hooks';
import { startInProcessApi } from './in-process-api';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const crowds = (process.env.BENCH_CONCURRENCY ?? '10,50').split(',').map(Number);
const searches = ['thandi nkosi', 'company 4242', 'sipho.dlamini421@', 'mail.test', 'zh'];

const admin = { email: 'flood-admin@example.com', password: 'flood admin passphrase' };
const { app, base } = await startInProcessApi({
  ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: 'bench_admin' } : {}),
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  RATE_LIMIT_LOGIN: '100000',
});

const post = async (path: string, body: unknown) =>
  (await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json())) as Record<string, unknown>;
const adminToken = (await post('/v1/auth/login', admin)).accessToken as string;
const client = { email: `flood-client-${Date.now()}@example.com`, password: 'flood client passphrase' };
await post('/v1/auth/register', { username: 'floodclient', ...client });
/** The sign-up code, once the mail worker has put it in the dev outbox. */
async function signUpCode(to: string): Promise<string | undefined> {
  for (let tries = 0; tries < 100; tries += 1) {
    const outbox = (await (await fetch(`${base}/v1/dev/outbox?to=${to}`)).json()) as { items: { code?: string }[] };
    if (outbox.items[0]?.code) return outbox.items[0].code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}
await post('/v1/auth/accountConfirmation/confirm', { email: client.email, otp: await signUpCode(client.email) });
const clientToken = (await post('/v1/auth/login', client)).accessToken as string;

interface Tally {
  statuses: Record<number, number>;
  ms: number[];
}
const tally = (): Tally => ({ statuses: {}, ms: [] });

async function timed(into: Tally, path: string, token?: string): Promise<void> {
  const start = performance.now();
  const res = await fetch(base + path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  await res.arrayBuffer();
  into.ms.push(performance.now() - start);
  into.statuses[res.status] = (into.statuses[res.status] ?? 0) + 1;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const summary = (who: string, crowd: number, t: Tally) => {
  const sorted = [...t.ms].sort((a, b) => a - b);
  return {
    crowd,
    who,
    answers: JSON.stringify(t.statuses),
    'median ms': Math.round(quantile(sorted, 0.5)),
    'p90 ms': Math.round(quantile(sorted, 0.9)),
  };
};

const rows = [];
for (const crowd of crowds) {
  const until = performance.now() + seconds * 1000;
  const admins = tally();
  const dashboard = tally();
  const health = tally();
  const searching = Array.from({ length: crowd }, async (_, i) => {
    for (let n = i; performance.now() < until; n += 1) {
      await timed(admins, `/v1/users?search=${encodeURIComponent(searches[n % searches.length]!)}`, adminToken);
    }
  });
  const clientSide = (async () => {
    while (performance.now() < until) {
      await timed(dashboard, '/v1/dashboard', clientToken);
      await timed(health, '/v1/health');
    }
  })();
  await Promise.all([...searching, clientSide]);
  rows.push(summary('admin searches', crowd, admins), summary('client dashboard', crowd, dashboard));
  rows.push(summary('/health', crowd, health));
}
console.log(`${app.dbKind}, ${seconds} s per crowd`);
console.table(rows);
await app.close();

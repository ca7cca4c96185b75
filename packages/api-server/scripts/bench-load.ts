/**
 * Load benchmark on loopback only: starts the API in-process on 127.0.0.1 (random port), creates a
 * verified user, then runs autocannon for a bounded time against login and current-user and prints
 * a table. Production password hashing (argon2id at OWASP parameters) is used, so login measures
 * the real cost. Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10),
 * DATABASE_URL (optional; PGlite in memory otherwise).
 */
import autocannon from 'autocannon';
import { startInProcessApi } from './in-process-api';

const duration = Math.min(Number(process.env.BENCH_DURATION ?? 10), 60);
const connections = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 10), 100);

const { app, config, base } = await startInProcessApi({ RATE_LIMIT_LOGIN: '100000000' });

const email = 'bench@example.com';
const password = 'bench password 1';
const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
await post('/v1/auth/register', { username: 'bench', email, password });
const outbox = (await (await fetch(`${base}/v1/dev/outbox?to=${email}`)).json()) as { items: { code?: string }[] };
await post('/v1/auth/accountConfirmation/confirm', { email, otp: outbox.items[0]?.code });
const login = (await (await post('/v1/auth/login', { email, password })).json()) as { accessToken: string };

interface Row {
  endpoint: string;
  'req/s (avg)': number;
  'p50 ms': number;
  'p97.5 ms': number;
  'p99 ms': number;
  requests: number;
  'non-2xx': number;
  errors: number;
}

async function run(endpoint: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections, duration, ...opts });
  return {
    endpoint,
    'req/s (avg)': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p97.5 ms': r.latency.p97_5,
    'p99 ms': r.latency.p99,
    requests: r.requests.total,
    'non-2xx': r.non2xx,
    errors: r.errors,
  };
}

const rows: Row[] = [];
rows.push(
  await run('POST /v1/auth/login', {
    url: `${base}/v1/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }),
);
rows.push(
  await run('GET /v1/current-user', {
    url: `${base}/v1/current-user`,
    headers: { authorization: `Bearer ${login.accessToken}` },
  }),
);

console.log(
  `\nLoad benchmark: ${duration}s per endpoint, ${connections} connections, database ${app.dbKind}, argon2id m=${config.passwordHash.memoryCost} KiB t=${config.passwordHash.timeCost}`,
);
console.table(rows);
await app.close();

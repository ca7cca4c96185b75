/**
 * One user's activity log of 10,000 events among a million events of 100,000 other users: seeds
 * activity_events with plain SQL, then measures GET /v1/user/activity, the first page and a page
 * about 9,900 events deep, BENCH_SAMPLES requests one after another each (median, p10-p90). On
 * PostgreSQL with DATABASE_URL (scripts/with-postgres.sh), else an in-memory PGlite:
 *   scripts/with-postgres.sh node --import tsx scripts/bench-activity.ts
 */
import { sql } from 'kysely';
import { startInProcessApi } from './in-process-api';

const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const OTHER_USERS = Number(process.env.BENCH_ACTIVITY_USERS ?? 100_000);
const OWN = 10_000;
const email = 'activity-bench@example.com';
const password = 'activity bench password 1';

// The seed's inserts run longer than a request's statement limit.
const { app, base } = await startInProcessApi({
  ADMIN_EMAIL: email,
  ADMIN_PASSWORD: password,
  DATABASE_STATEMENT_TIMEOUT_MS: '600000',
});
const post = async (path: string, body: unknown) => {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
};

const t = performance.now();
await sql`insert into users (id, email, username, password_hash, created_at, updated_at)
  select gen_random_uuid(), 'other-' || n || '@example.com', 'other' || n, 'x', now(), now()
  from generate_series(1, ${OTHER_USERS}) n`.execute(app.db);
const events = (
  who: string,
  perUser: number,
) => sql`insert into activity_events (id, user_id, kind, at, browser, os, address, network)
  select gen_random_uuid(), u.id, 'sign-in', now() - random() * interval '2 years', 'Chrome 140', 'Linux', '198.51.100.7', '198.51.100.0/24'
  from users u, generate_series(1, ${perUser}) n where u.email like ${who}`;
await events('other-%', 10).execute(app.db);
await events(email, OWN).execute(app.db);
await sql`analyze activity_events`.execute(app.db);
console.log(`seeded ${OTHER_USERS * 10 + OWN} events in ${((performance.now() - t) / 1000).toFixed(0)} s`);

const { accessToken } = await post('/v1/auth/login', { email, password });
const get = async (query: string) => {
  const res = await fetch(`${base}/v1/user/activity${query}`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (res.status !== 200) throw new Error(`bench-activity: ${res.status} ${await res.text()}`);
  return (await res.json()) as { items: unknown[]; next: string | null };
};

// The cursor ~9,900 events deep: pages of 100 walked once.
let deep = '';
for (let i = 0; i < 99; i++) deep = (await get(`?limit=100${deep ? `&after=${deep}` : ''}`)).next ?? deep;

async function measure(name: string, query: string) {
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await get(query);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1);
  console.log(`${name}: median ${at(0.5)} ms (p10 ${at(0.1)}, p90 ${at(0.9)}), ${samples} runs`);
}

await measure('first page (20)', '?limit=20');
await measure('page ~9,900 deep (20)', `?limit=20&after=${deep}`);
await app.close();

/**
 * The admin users list and search at scale: seeds BENCH_USERS users (default 1,000,000 on
 * PostgreSQL, 100,000 on PGlite) in SQL with generate_series, in the shape sign-up writes, then
 * times each query as the service builds it (listUsers) BENCH_RUNS times and prints the median and
 * the spread (p10-p90, min-max) per query. PostgreSQL with DATABASE_URL (schema `bench_admin`,
 * seeded once and reused), else PGlite in memory.
 *   packages/api-server/scripts/with-postgres.sh pnpm --filter @kloof/api-server bench:admin-search
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { UserListQuery } from '@kloof/api-contract';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { encodeCursor } from '../src/lib/keyset';
import { exactTime, pageOf } from '../src/modules/common/newest-first';
import { listUsers } from '../src/modules/users/users.service';

const onPostgres = Boolean(process.env.DATABASE_URL);
const users = Number(process.env.BENCH_USERS ?? (onPostgres ? 1_000_000 : 100_000));
const runs = Number(process.env.BENCH_RUNS ?? 30);

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  // The seed is one long statement; the searches run on the admin lane with its own limit.
  DATABASE_STATEMENT_TIMEOUT_MS: '0',
  ...(onPostgres ? { DATABASE_SCHEMA: 'bench_admin' } : {}),
});
const handle = await openDatabase(config);
const { db, adminDb } = handle;

const have = Number((await sql<{ n: number }>`select count(*)::int as n from users`.execute(db)).rows[0]!.n);
if (have < users) {
  const started = performance.now();
  // Names from two lists of 20, addresses on three domains, 5,000 companies: a search for a name
  // finds ~2,500 accounts, for an address one, for a domain a third of them.
  await sql`insert into users (id, email, username, full_name, company, password_hash, verified, created_at, updated_at)
    select gen_random_uuid(),
      lower(f) || '.' || lower(l) || n || '@' || (array['example.com', 'mail.test', 'kloof.dev'])[1 + n % 3],
      lower(f) || n, f || ' ' || l, 'Company ' || (n % 5000), 'x', n % 7 <> 0, at, at
    from generate_series(${have + 1}::int, ${users}::int) as n,
      lateral (select (array['Thandi','Sipho','Lerato','Anna','John','Maria','Pieter','Zanele','Ahmed','Chen',
                              'Fatima','Lwazi','Naledi','Ravi','Sofia','Tom','Ursula','Vusi','Wei','Yusuf'])[1 + n % 20] as f,
                       (array['Nkosi','Dlamini','Botha','Smith','Naidoo','Mokoena','van Wyk','Khumalo','Patel','Zhang',
                              'Jacobs','Mahlangu','Pillay','Meyer','Ndlovu','Ferreira','Sithole','Adams','Le Roux','Molefe'])[1 + (n / 20) % 20] as l,
                       timestamptz '2020-01-01' + n * interval '1 minute' as at) as person`.execute(db);
  await sql`analyze users`.execute(db);
  console.log(`seeded ${users - have} users in ${Math.round((performance.now() - started) / 1000)} s`);
}

/** The cursor of the row halfway down the list (as the list hands it out): a deep page. */
const deepAfter = (
  await sql<{ at: string; id: string }>`
  select ${exactTime('created_at')} as at, id from users order by created_at desc, id desc
  offset ${Math.floor(users / 2)} limit 1`.execute(db)
).rows[0]!;
const deepCursor = encodeCursor([pageOf('users', {}, {}).tag, deepAfter.at, deepAfter.id]);

const queries: [string, UserListQuery][] = [
  ['first page', {}],
  ['page after the middle row', { after: deepCursor }],
  ['search one address', { search: 'sipho.dlamini421@' }],
  ['search a name (~0.25%)', { search: 'thandi nkosi' }],
  ['search a company (~0.02%)', { search: 'company 4242' }],
  ['search a domain (a third)', { search: 'mail.test' }],
  ['search two letters', { search: 'zh' }],
  ['search nothing matches', { search: 'qqqzzz' }],
  ['role holders (role=any)', { role: 'any' }],
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const rows = [];
for (const [name, query] of queries) {
  await listUsers(adminDb, query); // warm
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await listUsers(adminDb, query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value * 10) / 10;
  rows.push({
    query: name,
    'median ms': ms(quantile(times, 0.5)),
    'p10-p90 ms': `${ms(quantile(times, 0.1))}-${ms(quantile(times, 0.9))}`,
    'min-max ms': `${ms(times[0]!)}-${ms(times[times.length - 1]!)}`,
  });
}
console.log(`${handle.kind}, ${users.toLocaleString('en')} users, ${runs} runs each`);
console.table(rows);
await handle.close();

/**
 * "Download my data" for a client with one workspace of BENCH_EXPORT_ITEMS projects and as many
 * links (default 10,000 each): the API in this process (PGlite in memory, or DATABASE_URL's
 * PostgreSQL), the export read to its end BENCH_RUNS times (default 3) without being kept. Prints
 * each run's time, bytes and the peak growth of the heap and of the RSS over the start of the run
 * (sampled every 5 ms), then the median and the spread (min-max). Run with --expose-gc:
 *   node --expose-gc --import tsx scripts/bench-export.ts
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { startInProcessApi } from './in-process-api';

const items = Number(process.env.BENCH_EXPORT_ITEMS ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const email = 'export-bench@example.com';
const password = 'export bench password 1';
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('bench-export: run node with --expose-gc');

const { app, base } = await startInProcessApi({
  ADMIN_EMAIL: email,
  ADMIN_PASSWORD: password,
  RATE_LIMIT_EXPORT: '1000',
});
const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`bench-export: ${path} answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
};

const { accessToken, user } = (await post('/v1/auth/login', { email, password })) as {
  accessToken: string;
  user: { id: string };
};
const workspaceId = randomUUID();
await app.db
  .insertInto('workspaces')
  .values({
    id: workspaceId,
    owner_id: user.id,
    name: 'Bench',
    description: '',
    created_at: new Date(),
    updated_at: new Date(),
  })
  .execute();
await sql`insert into projects (id, workspace_id, name, description, status, created_at, updated_at)
  select gen_random_uuid(), ${workspaceId}::uuid, 'Project ' || n, 'A project of the bench client', 'active', now(), now()
  from generate_series(1, ${items}) n`.execute(app.db);
await sql`insert into links (id, workspace_id, title, url, created_at)
  select gen_random_uuid(), ${workspaceId}::uuid, 'Link ' || n, 'https://example.com/' || n, now()
  from generate_series(1, ${items}) n`.execute(app.db);

const results: { ms: number; bytes: number; heapMb: number; rssMb: number }[] = [];
for (let run = 0; run < runs; run++) {
  await post('/v1/current-user/fresh-proof', { kind: 'password', password }, accessToken);
  gc();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  let rssPeak = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    heapPeak = Math.max(heapPeak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
  }, 5);
  const t = performance.now();
  const res = await fetch(`${base}/v1/current-user/export?format=json`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!res.ok || !res.body) throw new Error(`bench-export: export answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const ms = performance.now() - t;
  clearInterval(sampler);
  const mb = (n: number) => n / 1024 / 1024;
  results.push({ ms, bytes, heapMb: mb(heapPeak - before.heapUsed), rssMb: mb(rssPeak - before.rss) });
  const last = results.at(-1)!;
  console.log(
    `run ${run + 1}: ${last.ms.toFixed(0)} ms, ${(bytes / 1024 / 1024).toFixed(1)} MB, heap +${last.heapMb.toFixed(1)} MB, rss +${last.rssMb.toFixed(1)} MB`,
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) => `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;
for (const [name, pick] of [
  ['time ms', (r: (typeof results)[number]) => r.ms],
  ['heap growth MB', (r: (typeof results)[number]) => r.heapMb],
  ['rss growth MB', (r: (typeof results)[number]) => r.rssMb],
] as const) {
  const values = results.map(pick);
  console.log(`${name}: median ${median(values).toFixed(1)} (${spread(values)})`);
}
await app.close();

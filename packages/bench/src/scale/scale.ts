#!/usr/bin/env tsx
// pnpm bench:scale [--db postgres,pglite] [--rounds 3] [--seconds 10] [--connections 10] [--screen-runs 3]
//   [--api-port 4570] [--web-port 4571] [--bare-port 4572] [--no-screens] [--results <dir>]
// The product at scale: a database seeded in SQL (shape.ts, seed.ts; kept under results/cache and
// seeded again only when its shape changes), the production API and web server on it, and per list
// (list-queries.ts), the dashboard and the admin users search: the answer's size on the wire and
// req/s with p50/p99 through the web server (autocannon in its own process), side by side with
// bare Fastify answering the same JSON; then the list screens' load time and DOM size in Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { stopped, up } from '../serving/children';
import { load, summary, type LoadResult } from '../serving/load';
import { DASHBOARD, LIST_QUERIES, SCREENS, withQuery, type ListQuery } from './list-queries';
import { keptCluster, type KeptCluster } from './postgres-folder';
import { openPgliteFolder } from './pglite-folder';
import { measureScreens, type ScreenLoad } from './screens';
import { SHAPES, type Database } from './shape';
import { seedKey } from './seed-key';
import { seedStatements } from './seed';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'screen-runs': { type: 'string', default: '3' },
    'api-port': { type: 'string', default: '4570' },
    'web-port': { type: 'string', default: '4571' },
    'bare-port': { type: 'string', default: '4572' },
    'no-screens': { type: 'boolean', default: false },
    results: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const ports = { api: Number(values['api-port']), web: Number(values['web-port']), bare: Number(values['bare-port']) };
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const benchDir = path.resolve(import.meta.dirname, '..', '..');
const apiDir = path.join(repoRoot, 'packages', 'api-server');
const webDir = path.join(repoRoot, 'packages', 'web-server');
const resultsDir = values.results ? path.resolve(values.results) : path.join(benchDir, 'results');
const cacheDir = path.join(benchDir, 'results', 'cache');

const CLIENT = { email: 'scale-client@example.com', password: 'scale client password 1', username: 'scaleclient' };
const ADMIN = { email: 'scale-admin@example.com', password: 'scale admin password 1' };
/** What a browser sends: the answers are measured as a browser would get them. */
const ACCEPT_ENCODING = 'br, gzip';

function start(cwd: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The production API on the database (a PostgreSQL URL or a PGlite folder). */
async function startApi(database: { url: string } | { folder: string }, mailDir: string): Promise<ChildProcess> {
  const api = start(apiDir, ['src/main.ts'], {
    NODE_ENV: 'production',
    PORT: String(ports.api),
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    JWT_SECRET: 'scale-bench-signing-secret-of-enough-length',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ACCESS_TOKEN_TTL: '7200',
    MAIL_DIR: mailDir,
    LOG_LEVEL: 'warn',
    ...('url' in database ? { DATABASE_URL: database.url } : { DATA_DIR: database.folder }),
  });
  await up(`http://127.0.0.1:${ports.api}/v1/health`, api, 600_000);
  return api;
}

const post = (url: string, body: unknown) =>
  fetch(`http://127.0.0.1:${ports.api}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function signIn(who: { email: string; password: string }): Promise<string> {
  const answer = await post('/v1/auth/login', { email: who.email, password: who.password });
  const body = (await answer.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`${who.email} could not sign in: ${answer.status} ${JSON.stringify(body)}`);
  return body.accessToken;
}

interface Seeded {
  clientId: string;
  seconds: number;
}

/** The measured client, registered through the API as a person would (verified in SQL: no mail is read). */
async function registerClient(): Promise<void> {
  const answer = await post('/v1/auth/register', CLIENT);
  if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${await answer.text()}`);
}

/** A database at its shape: seeded now, or as a previous run left it (its marker names the client). */
async function prepare(db: Database): Promise<{ dir: string; seeded: Seeded; fresh: boolean }> {
  const dir = path.join(cacheDir, seedKey(db, path.join(apiDir, 'src', 'db', 'migrations')));
  const marker = path.join(dir, 'seeded.json');
  if (fs.existsSync(marker))
    return { dir, seeded: JSON.parse(fs.readFileSync(marker, 'utf8')) as Seeded, fresh: false };
  // Other shapes of this database, and a seeding that did not finish: gone, then seeded anew.
  for (const old of fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []) {
    if (old.startsWith(`${db}-`)) fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
  fs.mkdirSync(dir, { recursive: true });
  const began = Date.now();
  let clientId: string;
  if (db === 'postgres') {
    const cluster = await keptCluster(path.join(dir, 'cluster'));
    try {
      const api = await startApi({ url: cluster.url }, path.join(dir, 'mail'));
      await registerClient();
      await stopped(api);
      clientId = await cluster.sql(`update users set verified = true where email = '${CLIENT.email}' returning id`);
      for (const statement of seedStatements(SHAPES.postgres, clientId)) await cluster.sql(statement);
    } finally {
      await cluster.stop();
    }
  } else {
    const folder = path.join(dir, 'pglite');
    const api = await startApi({ folder }, path.join(dir, 'mail'));
    await registerClient();
    await stopped(api);
    const pglite = await openPgliteFolder(apiDir, folder);
    try {
      const { rows } = await pglite.query<{ id: string }>(
        `update users set verified = true where email = '${CLIENT.email}' returning id`,
      );
      clientId = rows[0]!.id;
      for (const statement of seedStatements(SHAPES.pglite, clientId)) await pglite.exec(statement);
    } finally {
      await pglite.close();
    }
  }
  const seeded = { clientId, seconds: Math.round((Date.now() - began) / 1000) };
  fs.writeFileSync(marker, JSON.stringify(seeded));
  return { dir, seeded, fresh: true };
}

/** One answer as a browser gets it: its bytes on the wire, their encoding, and the JSON decoded. */
function answerOf(
  url: string,
  headers: Record<string, string>,
): Promise<{ wire: number; encoding: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] ?? 'identity';
          const decoded =
            encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ wire: raw.length, encoding, body: decoded.toString('utf8') });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

interface Target {
  label: string;
  page: 'first' | 'deep';
  url: string;
  as: ListQuery['as'];
  wire: number;
  encoding: string;
  json: number;
  web: LoadResult[];
  bare: LoadResult[];
}

/** The URL (path and query) of a list's deep page, or null when it has none. */
async function deepUrl(query: ListQuery, headers: Record<string, string>): Promise<string | null> {
  if (query.deep === null) return null;
  if (typeof query.deep === 'string') return withQuery(query.path, query.deep);
  let url = withQuery(query.path, query.first);
  for (let page = 0; page < query.deep.afterPages; page++) {
    const { body } = await answerOf(`http://127.0.0.1:${ports.web}${url}`, headers);
    const next = (JSON.parse(body) as { next?: string | null }).next;
    if (!next) return null;
    url = withQuery(query.path, [query.first, `after=${encodeURIComponent(next)}`].filter(Boolean).join('&'));
  }
  return url;
}

interface DatabaseRun {
  db: Database;
  shape: (typeof SHAPES)[Database];
  seededSeconds: number;
  seededNow: boolean;
  targets: Target[];
  screens: Map<string, ScreenLoad[]>;
}

async function benchDatabase(db: Database): Promise<DatabaseRun> {
  const { dir, seeded, fresh } = await prepare(db);
  console.log(`${db}: ${fresh ? `seeded in ${seeded.seconds} s` : 'seeded database reused'} (${dir})`);
  const children: ChildProcess[] = [];
  let cluster: KeptCluster | null = null;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-bench-scale-'));
  try {
    if (db === 'postgres') cluster = await keptCluster(path.join(dir, 'cluster'));
    const mailDir = path.join(work, 'mail');
    children.push(await startApi(cluster ? { url: cluster.url } : { folder: path.join(dir, 'pglite') }, mailDir));
    const web = start(webDir, ['src/main.ts', '--dist', '--port', String(ports.web)], {
      NODE_ENV: 'production',
      API_UPSTREAM: `http://127.0.0.1:${ports.api}`,
    });
    children.push(web);
    await up(`http://127.0.0.1:${ports.web}/v1/health`, web, 600_000);

    const tokens = { client: await signIn(CLIENT), admin: await signIn(ADMIN) };
    const headersOf = (as: ListQuery['as']) => ({ authorization: `Bearer ${tokens[as]}` });
    const targets: Target[] = [];
    for (const query of [...LIST_QUERIES, DASHBOARD]) {
      const urls: { page: Target['page']; url: string }[] = [
        { page: 'first', url: withQuery(query.path, query.first) },
      ];
      const deep = await deepUrl(query, headersOf(query.as));
      if (deep) urls.push({ page: 'deep', url: deep });
      for (const { page, url } of urls) {
        const answer = await answerOf(`http://127.0.0.1:${ports.web}${url}`, headersOf(query.as));
        targets.push({
          label: query.label,
          page,
          url,
          as: query.as,
          wire: answer.wire,
          encoding: answer.encoding,
          json: Buffer.byteLength(answer.body),
          web: [],
          bare: [],
        });
        fs.writeFileSync(path.join(work, `${targets.length}.json`), answer.body);
      }
    }
    const answers = Object.fromEntries(targets.map((t, i) => [t.url, path.join(work, `${i + 1}.json`)]));
    fs.writeFileSync(path.join(work, 'answers.json'), JSON.stringify(answers));
    const bare = start(path.join(benchDir, 'src', 'serving'), [
      'bare-fastify.ts',
      String(ports.bare),
      '--answers',
      path.join(work, 'answers.json'),
    ], {}); // prettier-ignore
    children.push(bare);
    await up(`http://127.0.0.1:${ports.bare}${targets[0]!.url}`, bare);

    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        for (const [side, port] of [
          ['web', ports.web],
          ['bare', ports.bare],
        ] as const) {
          const headers = { ...headersOf(target.as), 'accept-encoding': ACCEPT_ENCODING };
          const url = `http://127.0.0.1:${port}${target.url}`;
          // Requests still queued from the last target (autocannon leaves them behind) answer first.
          await answerOf(url, headers);
          const result = await load(url, { seconds, connections, headers });
          if (result.errors || result.non2xx) console.warn(`${db} ${target.url} ${side}: ${JSON.stringify(result)}`);
          target[side].push(result);
          console.log(
            `${db} round ${round} ${target.label} (${target.page}) ${side}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
          );
        }
      }
    }

    let screens = new Map<string, ScreenLoad[]>();
    if (!values['no-screens']) {
      const { chromium } = await import('@playwright/test');
      const { chromiumArgs, chromiumPath } = await import('@kloof/test-kit/e2e/chromium');
      const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
      try {
        screens = await measureScreens(
          browser,
          `http://127.0.0.1:${ports.web}`,
          CLIENT,
          SCREENS,
          Number(values['screen-runs']),
        );
      } finally {
        await browser.close();
      }
      for (const [screen, loads] of screens) {
        console.log(`${db} ${screen}: ${loads.map((l) => `${Math.round(l.ms)} ms, ${l.nodes} nodes`).join('; ')}`);
      }
    }
    return { db, shape: SHAPES[db], seededSeconds: seeded.seconds, seededNow: fresh, targets, screens };
  } finally {
    await Promise.all(children.reverse().map(stopped));
    await cluster?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const runs: DatabaseRun[] = [];
const loadAtStart = os.loadavg();
for (const db of values.db!.split(',') as Database[]) {
  if (!(db in SHAPES)) throw new Error(`--db: ${db} is not one of ${Object.keys(SHAPES).join(', ')}`);
  runs.push(await benchDatabase(db));
}

const kb = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} KB`;
const spread = (values: number[], digits = 0) => {
  const s = summary(values);
  return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
};
/** Latency over the rounds in which a request completed (autocannon: 0 ms for none; req/s rounds a few down to 0). */
const latency = (runs: LoadResult[], key: 'p50' | 'p99') => {
  const done = runs.filter((r) => r.rps > 0 || r.p99 > 0);
  return done.length ? spread(done.map((r) => r[key])) : `none in ${seconds} s`;
};
const loadAverages = (l: number[]) => l.map((v) => v.toFixed(1)).join(' ');
const lines = [
  `Scale: ${new Date().toISOString()}, ${rounds} rounds x ${seconds} s, autocannon -c ${connections} in its own process, accept-encoding "${ACCEPT_ENCODING}"; ${os.cpus().length} cores, load ${loadAverages(loadAtStart)} at the start, ${loadAverages(os.loadavg())} at the end`,
];
for (const run of runs) {
  const s = run.shape;
  lines.push(
    '',
    `### ${run.db}: ${s.users.toLocaleString('en')} users; ${s.clientItems.toLocaleString('en')} workspaces, projects and links of the measured client among ${s.otherRows.toLocaleString('en')} of ${s.otherClients.toLocaleString('en')} other clients (seeding took ${run.seededSeconds} s, ${run.seededNow ? 'in this run' : 'in an earlier run'})`,
    '',
    '| what | page | URL | answer (wire, encoding; JSON) | web server req/s | p50 ms | p99 ms | bare Fastify req/s | p50 ms | p99 ms |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const t of run.targets) {
    lines.push(
      `| ${t.label} | ${t.page} | \`${t.url}\` | ${kb(t.wire)} ${t.encoding}; ${kb(t.json)} | ${spread(t.web.map((r) => r.rps))} | ${latency(t.web, 'p50')} | ${latency(t.web, 'p99')} | ${spread(t.bare.map((r) => r.rps))} | ${latency(t.bare, 'p50')} | ${latency(t.bare, 'p99')} |`,
    );
  }
  if (run.screens.size) {
    lines.push(
      '',
      '| screen (warm load, 1280 px) | shown ms | DOM nodes | items shown | JS heap MB |',
      '|---|---|---|---|---|',
    );
    for (const [screen, loads] of run.screens) {
      lines.push(
        `| ${screen} | ${spread(loads.map((l) => l.ms))} | ${spread(loads.map((l) => l.nodes))} | ${spread(loads.map((l) => l.items))} | ${spread(loads.map((l) => l.heapMb))} |`,
      );
    }
  }
}
const report = `${lines.join('\n')}\n`;
console.log(`\n${report}`);
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'scale.md'), report);
fs.writeFileSync(
  path.join(resultsDir, 'scale.json'),
  `${JSON.stringify(
    runs.map((run) => ({ ...run, screens: Object.fromEntries(run.screens) })),
    null,
    2,
  )}\n`,
);

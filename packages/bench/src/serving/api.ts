#!/usr/bin/env tsx
// pnpm --filter @kloof/bench bench:api [--rounds 3] [--seconds 5] [--port 4300] [--db pglite,postgres] [--cpu-prof <dir>]
// The API's authenticated GET /v1/current-user under load, side by side in one run: direct, through
// the web server (/v1 proxy), bare Fastify 5 answering the same JSON from memory (the yardstick),
// bare Fastify through a web server of its own (what the proxy alone costs) and through a minimal
// proxy (what any Node proxy costs on these cores); on PGlite and on
// PostgreSQL (a throwaway cluster). autocannon -c 20 in its own process; rounds alternate the five.
// Then the sign-in rate (argon2id at the OWASP parameters). Ports: --port and the next four.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { anyPostgres } from '@kloof/api-server/testing';
import { stopped, up } from './children';
import { load, summary, type LoadResult } from './load';
import { benchEnvironment } from '../settings';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    port: { type: 'string', default: String(benchEnvironment().apiBenchPort) },
    db: { type: 'string', default: 'pglite,postgres' },
    // Another checkout's packages/api-server and packages/web-server (an older commit: "before").
    'api-dir': { type: 'string' },
    'web-dir': { type: 'string' },
    // Writes a V8 CPU profile of the API and of the web server (each database) into this folder.
    'cpu-prof': { type: 'string' },
    // Leaves the sign-in rate out (e.g. for a profile of the GET alone).
    'no-sign-in': { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const basePort = Number(values.port);
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const benchDir = path.resolve(import.meta.dirname, '..', '..');
const apiDir = values['api-dir'] ? path.resolve(values['api-dir']) : path.join(repoRoot, 'packages', 'api-server');
const webDir = values['web-dir'] ? path.resolve(values['web-dir']) : path.join(repoRoot, 'packages', 'web-server');

const profileDir = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : null;

function start(cwd: string, args: string[], env: Record<string, string>, profileName?: string): ChildProcess {
  // A folder per process: tsx's loader thread writes a profile of its own next to the main thread's.
  const profile = profileDir && profileName ? ['--cpu-prof', '--cpu-prof-dir', path.join(profileDir, profileName)] : [];
  return spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A verified user signed in through the API: its access token. */
async function signIn(base: string): Promise<string> {
  const email = 'bench@example.com';
  const password = 'bench password 1';
  const post = (url: string, body: unknown) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/v1/auth/register', { username: 'bench', email, password });
  const outbox = (await (await fetch(`${base}/v1/dev/outbox?to=${email}`)).json()) as { items: { code?: string }[] };
  await post('/v1/auth/accountConfirmation/confirm', { email, otp: outbox.items[0]?.code });
  const login = (await (await post('/v1/auth/login', { email, password })).json()) as { accessToken?: string };
  if (!login.accessToken) throw new Error('The bench user could not sign in');
  return login.accessToken;
}

interface Row {
  db: string;
  target: string;
  runs: LoadResult[];
}

const rows: Row[] = [];
const signInRates: { db: string; result: LoadResult }[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-bench-api-'));
for (const db of values.db!.split(',')) {
  const children: ChildProcess[] = [];
  const postgres = db === 'postgres' ? await anyPostgres() : null;
  if (db === 'postgres' && !postgres) throw new Error('No PostgreSQL: set DATABASE_URL or install postgresql-15');
  try {
    const ports = {
      api: basePort,
      web: basePort + 1,
      bare: basePort + 2,
      bareWeb: basePort + 3,
      bareMin: basePort + 4,
    };
    const api = start(
      apiDir,
      ['src/main.ts'],
      {
        NODE_ENV: 'development',
        PORT: String(ports.api),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_LOGIN: '100000000',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      },
      `api-${db}`,
    );
    children.push(api);
    await up(`http://127.0.0.1:${ports.api}/v1/health`, api);
    const web = start(
      webDir,
      ['src/main.ts', '--dist', '--port', String(ports.web)],
      {
        NODE_ENV: 'production',
        API_UPSTREAM: `http://127.0.0.1:${ports.api}`,
      },
      `web-${db}`,
    );
    children.push(web);
    await up(`http://127.0.0.1:${ports.web}/v1/health`, web);

    const token = await signIn(`http://127.0.0.1:${ports.api}`);
    const headers = { authorization: `Bearer ${token}` };
    const answer = await (await fetch(`http://127.0.0.1:${ports.api}/v1/current-user`, { headers })).text();
    const jsonFile = path.join(work, 'current-user.json');
    fs.writeFileSync(jsonFile, answer);
    const bare = start(import.meta.dirname, ['bare-fastify.ts', String(ports.bare), jsonFile], {});
    children.push(bare);
    await up(`http://127.0.0.1:${ports.bare}/v1/current-user`, bare);
    // The same web server in front of the yardstick: what the proxy alone costs, API work aside.
    const bareWeb = start(
      webDir,
      ['src/main.ts', '--dist', '--port', String(ports.bareWeb)],
      {
        NODE_ENV: 'production',
        API_UPSTREAM: `http://127.0.0.1:${ports.bare}`,
      },
      `web-bare-${db}`,
    );
    children.push(bareWeb);
    await up(`http://127.0.0.1:${ports.bareWeb}/v1/current-user`, bareWeb);
    // A proxy that does nothing else in front of it: the least any Node proxy here must lose.
    const bareMin = start(
      import.meta.dirname,
      ['minimal-proxy.ts', String(ports.bareMin), `http://127.0.0.1:${ports.bare}`],
      {},
    );
    children.push(bareMin);
    await up(`http://127.0.0.1:${ports.bareMin}/v1/current-user`, bareMin);

    const targets = [
      { target: 'API direct', url: `http://127.0.0.1:${ports.api}/v1/current-user` },
      { target: 'through the web server', url: `http://127.0.0.1:${ports.web}/v1/current-user` },
      { target: 'bare Fastify (yardstick)', url: `http://127.0.0.1:${ports.bare}/v1/current-user` },
      { target: 'bare Fastify through the web server', url: `http://127.0.0.1:${ports.bareWeb}/v1/current-user` },
      { target: 'bare Fastify through a minimal proxy', url: `http://127.0.0.1:${ports.bareMin}/v1/current-user` },
    ];
    for (const { url } of targets) await load(url, { seconds: 1, headers });
    const measured = targets.map(({ target }) => ({ db, target, runs: [] as LoadResult[] }));
    for (let round = 1; round <= rounds; round++) {
      for (const [i, { target, url }] of targets.entries()) {
        const result = await load(url, { seconds, headers });
        if (result.non2xx || result.errors) throw new Error(`${db} ${target}: ${JSON.stringify(result)}`);
        measured[i]!.runs.push(result);
        console.log(`${db} round ${round} ${target}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
      }
    }
    rows.push(...measured);

    // Sign-in: argon2id at the OWASP parameters bounds it (by design); reported, not tuned.
    if (values['no-sign-in']) continue;
    const login = await load(`http://127.0.0.1:${ports.api}/v1/auth/login`, {
      seconds,
      connections: 4,
      method: 'POST',
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench password 1' }),
      headers: { 'content-type': 'application/json' },
    });
    signInRates.push({ db, result: login });
    console.log(`${db} sign-in: ${login.rps} req/s, p50 ${login.p50} ms (non-2xx ${login.non2xx})`);
  } finally {
    // Each stops gracefully (a profile is written at exit) before the database goes away.
    await Promise.all(children.reverse().map(stopped));
    await postgres?.release();
  }
}
fs.rmSync(work, { recursive: true, force: true });

const range = (s: { median: number; min: number; max: number }, digits = 0) =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
const lines = [
  `API: ${rounds} rounds x ${seconds} s, autocannon -c 20 in its own process, GET /v1/current-user with a bearer token; ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  '',
  '| database | target | req/s median (min-max) | p50 ms | p99 ms | x bare Fastify (per round) |',
  '|---|---|---|---|---|---|',
];
for (const row of rows) {
  const bare = rows.find((r) => r.db === row.db && r.target === 'bare Fastify (yardstick)')!;
  const ratios = row.runs.map((run, i) => run.rps / bare.runs[i]!.rps);
  lines.push(
    `| ${row.db} | ${row.target} | ${range(summary(row.runs.map((r) => r.rps)))} | ${summary(row.runs.map((r) => r.p50)).median} | ${summary(row.runs.map((r) => r.p99)).median} | ${range(summary(ratios), 2)} |`,
  );
}
const lostPercent = (db: string, direct: string, proxied: string) => {
  const from = rows.find((r) => r.db === db && r.target === direct)!;
  const through = rows.find((r) => r.db === db && r.target === proxied)!;
  const lost = summary(from.runs.map((run, i) => (1 - through.runs[i]!.rps / run.rps) * 100));
  return `${range(lost)} %`;
};
for (const db of new Set(rows.map((r) => r.db))) {
  lines.push(
    '',
    `${db}: lost through the web server ${lostPercent(db, 'API direct', 'through the web server')} (API), ${lostPercent(db, 'bare Fastify (yardstick)', 'bare Fastify through the web server')} (bare Fastify); through a minimal proxy ${lostPercent(db, 'bare Fastify (yardstick)', 'bare Fastify through a minimal proxy')} (bare Fastify)`,
  );
}
lines.push(
  '',
  ...signInRates.map(
    ({ db, result }) => `${db} sign-in (argon2id, 4 connections): ${result.rps} req/s, p50 ${result.p50} ms`,
  ),
  '',
);
const table = lines.join('\n');
console.log(`\n${table}`);
fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
fs.writeFileSync(path.join(benchDir, 'results', 'api.md'), table);

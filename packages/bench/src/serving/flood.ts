#!/usr/bin/env tsx
// pnpm --filter @kloof/bench bench:flood [--rounds 3] [--seconds 10] [--connections 200] [--port 4560] [--api-dir <dir>]
// What a sign-in flood costs everyone else: the API (PGlite in memory, argon2id at the OWASP
// parameters) with, in turn, no flood (the yardstick) and a flood of wrong sign-ins from random
// addresses (sign-in-flood.ts, its own process); meanwhile, one request at a time, a signed-in
// GET /v1/current-user, the owner's sign-in from its known device, and a newcomer's sign-in (no
// known device, an address of its own each time). Median and range over rounds, results/flood.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { summary } from './load';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '200' },
    port: { type: 'string', default: '4560' },
    // Another checkout's packages/api-server (an older commit: "before").
    'api-dir': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const apiDir = values['api-dir'] ? path.resolve(values['api-dir']) : path.join(repoRoot, 'packages', 'api-server');
const base = `http://127.0.0.1:${values.port}`;

const api = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: apiDir,
  env: {
    ...process.env,
    NODE_ENV: 'development', // the outbox gives the bench user's code
    PORT: values.port,
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    TRUST_PROXY: '127.0.0.1',
    // The flood's addresses are all different; only the probes repeat theirs, every few hundred ms.
    RATE_LIMIT_LOGIN: '1000000',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const post = (url: string, body: unknown, from: string) =>
  fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });

async function up(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${base}/v1/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${base} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const email = 'owner@example.com';
const password = 'owner password 1';
const device = randomBytes(16).toString('base64url');
const ownerAddress = '192.0.2.10';

/** The owner's account, verified, signed in once from its browser (which makes the device known). */
async function owner(): Promise<string> {
  await post('/v1/auth/register', { username: 'owner', email, password }, ownerAddress);
  const outbox = (await (await fetch(`${base}/v1/dev/outbox?to=${email}`)).json()) as { items: { code?: string }[] };
  await post('/v1/auth/accountConfirmation/confirm', { email, otp: outbox.items[0]?.code }, ownerAddress);
  const login = (await (await post('/v1/auth/login', { email, password, device }, ownerAddress)).json()) as {
    accessToken?: string;
  };
  if (!login.accessToken) throw new Error('The owner could not sign in');
  return login.accessToken;
}

interface Probe {
  ms: number[];
  failed: Record<string, number>;
}

/** Sends `once` one at a time, `gapMs` apart, until `until`: each answer's time, failures by status. */
async function probe(once: () => Promise<Response>, gapMs: number, until: number): Promise<Probe> {
  const result: Probe = { ms: [], failed: {} };
  while (Date.now() < until) {
    const started = performance.now();
    const res = await once();
    await res.arrayBuffer();
    result.ms.push(performance.now() - started);
    if (res.status !== 200) result.failed[res.status] = (result.failed[res.status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return result;
}

let newcomer = 0;
async function probes(token: string, forMs: number) {
  const until = Date.now() + forMs;
  const [get, ownerSignIn, newcomerSignIn] = await Promise.all([
    probe(() => fetch(`${base}/v1/current-user`, { headers: { authorization: `Bearer ${token}` } }), 100, until),
    probe(() => post('/v1/auth/login', { email, password, device }, ownerAddress), 300, until),
    probe(() => post('/v1/auth/login', { email, password }, `198.51.100.${(newcomer++ % 250) + 1}`), 500, until),
  ]);
  return { get, ownerSignIn, newcomerSignIn };
}

function flood(): Promise<{ statuses: Record<string, number> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'sign-in-flood.ts'), base, String(connections), String(seconds)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood exited ${code}`)))),
  );
}

const median = (xs: number[]) => summary(xs).median;
type Row = { phase: string; get: number; owner: number; newcomer: number; failed: string; flood: string };
const rows: Row[] = [];
try {
  await up(api);
  const token = await owner();
  for (let round = 1; round <= rounds; round++) {
    const quiet = await probes(token, seconds * 1000);
    const flooding = flood();
    // The flood's first second fills the queue; then the same probes as without it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const during = await probes(token, (seconds - 2.5) * 1000);
    const floodResult = await flooding;
    for (const [phase, p, f] of [
      ['no flood', quiet, ''],
      [`flood -c ${connections}`, during, JSON.stringify(floodResult.statuses)],
    ] as const) {
      const failed = [p.get, p.ownerSignIn, p.newcomerSignIn].map((x) => JSON.stringify(x.failed)).join(' / ');
      const row = {
        phase,
        get: median(p.get.ms),
        owner: median(p.ownerSignIn.ms),
        newcomer: median(p.newcomerSignIn.ms),
        failed,
        flood: f,
      };
      rows.push(row);
      console.log(`round ${round} ${JSON.stringify(row)}`);
    }
  }
} finally {
  api.kill('SIGTERM');
}

const range = (xs: number[]) => {
  const s = summary(xs);
  return `${s.median.toFixed(0)} (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;
};
const lines = [
  `Sign-in flood: ${rounds} rounds x ${seconds} s, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; API ${apiDir}`,
  '',
  '| phase | signed-in GET p50 ms | owner sign-in (known device) median ms | newcomer sign-in median ms |',
  '|---|---|---|---|',
];
for (const phase of [...new Set(rows.map((r) => r.phase))]) {
  const of = rows.filter((r) => r.phase === phase);
  lines.push(
    `| ${phase} | ${range(of.map((r) => r.get))} | ${range(of.map((r) => r.owner))} | ${range(of.map((r) => r.newcomer))} |`,
  );
}
lines.push('', 'Per round, failed probe answers (GET / owner / newcomer) and the flood answers by status:', '');
for (const row of rows) lines.push(`- ${row.phase}: ${row.failed}${row.flood ? `; flood ${row.flood}` : ''}`);
const file = path.join(import.meta.dirname, '..', '..', 'results', 'flood.md');
fs.writeFileSync(file, `${lines.join('\n')}\n`);
console.log(lines.join('\n'));

#!/usr/bin/env tsx
// pnpm --filter @kloof/bench bench:crash [--rounds 5] [--db pglite,postgres] [--port 4561] [--workers 4] [--root <checkout>]
// How long the API is away after a kill -9: the API under the process runner as `pnpm start` runs it
// (the runner of --root, default this checkout), writes going on (4 clients creating workspaces),
// then kill -9 of the API process and GET /v1/health every 20 ms until it answers 200. Each round
// runs a fresh runner on the same data (a PGlite folder kept across rounds, or a throwaway
// PostgreSQL cluster), so every kill is the first crash after a healthy run. Reports the time to the
// first 200 and its parts from the logs (runner noticed, new process's first line, 'API ready').
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { anyPostgres, startWriteTraffic } from '@kloof/api-server/testing';
import { summary } from './load';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    db: { type: 'string', default: 'pglite,postgres' },
    port: { type: 'string', default: '4561' },
    workers: { type: 'string', default: '4' },
    root: { type: 'string' },
    // Writes the runner's output from each kill on, stamped with ms since the kill, to this file.
    log: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const root = values.root ? path.resolve(values.root) : path.resolve(import.meta.dirname, '..', '..', '..', '..');
const base = `http://127.0.0.1:${values.port}`;
const admin = { email: 'crash-admin@example.com', password: 'crash admin password 1' };

/**
 * The process runner of `root` with one part: the API of its `pnpm start` stack (src/stacks.ts),
 * with `env` added. Lines are stamped on arrival.
 */
function runner(env: Record<string, string>) {
  const source = (file: string) => pathToFileURL(path.join(root, 'packages', 'process-runner', 'src', file)).href;
  const code = `const { runTogether } = await import(${JSON.stringify(source('run-together.js'))});
const { stacks } = await import(${JSON.stringify(source('stacks.ts'))});
const api = stacks({ API_PORT: ${JSON.stringify(values.port)} }).start.find((part) => part.name === 'api');
const part = { ...api, env: { ...api.env, ...${JSON.stringify(env)} } };
process.exitCode = await runTogether(${JSON.stringify(root)}, [part]);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: { at: number; text: string }[] = [];
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    for (const text of parts) lines.push({ at: Date.now(), text });
  });
  return { child, lines };
}

const healthy = () =>
  fetch(`${base}/v1/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.status === 200,
    () => false,
  );

async function until(test: () => Promise<boolean> | boolean, what: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The pid and pino time of the last 'API ready' line of the runner's output after `since`. */
function ready(lines: { at: number; text: string }[], since: number) {
  for (const line of [...lines].reverse()) {
    if (line.at < since || !line.text.includes('"API ready"')) continue;
    const json = JSON.parse(line.text.slice(line.text.indexOf('{'))) as { pid: number; time: number };
    return json;
  }
  return undefined;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Round {
  db: string;
  toFirst200: number;
  noticed: number;
  firstLine: number;
  ready: number;
  failedWrites: number;
}
const results: Round[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-bench-crash-'));
for (const db of values.db!.split(',')) {
  const postgres = db === 'postgres' ? await anyPostgres() : null;
  if (db === 'postgres' && !postgres) throw new Error('No PostgreSQL: set DATABASE_URL or install postgresql-15');
  const env: Record<string, string> = {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    DATA_DIR: path.join(work, 'pglite'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  try {
    for (let round = 1; round <= rounds; round++) {
      const run = runner(env);
      try {
        await until(healthy, 'first start');
        const login = (await (
          await fetch(`${base}/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(admin),
          })
        ).json()) as { accessToken?: string };
        if (!login.accessToken) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
        const traffic = startWriteTraffic(base, login.accessToken, {
          workers: Number(values.workers),
          prefix: `${db}-${round}`,
          requestTimeoutMs: 10_000,
        });
        await traffic.waitFor((r) => r.status === 201, 30, 0, 60_000);
        const before = ready(run.lines, 0);
        if (!before) throw new Error('no "API ready" line');
        const killedAt = Date.now();
        process.kill(before.pid, 'SIGKILL');
        await until(healthy, 'back after kill -9');
        const back = Date.now();
        await traffic.waitFor((r) => r.status === 201, 10, back, 60_000);
        await traffic.stop();
        const noticed = run.lines.find((l) => l.at >= killedAt && l.text.includes('stopped on its own'))?.at ?? NaN;
        const firstLine =
          run.lines.find((l) => l.at > noticed && !l.text.includes('stopped on its own') && l.text.includes('{'))?.at ??
          NaN;
        const after = ready(run.lines, killedAt);
        const result: Round = {
          db,
          toFirst200: back - killedAt,
          noticed: noticed - killedAt,
          firstLine: firstLine - killedAt,
          ready: (after?.time ?? NaN) - killedAt,
          failedWrites: traffic.results.filter((r) => r.at >= killedAt && r.status !== 201).length,
        };
        results.push(result);
        if (values.log) {
          const since = run.lines
            .filter((l) => l.at >= killedAt)
            .map((l) => `${l.at - killedAt} ${l.text.slice(0, 160)}`);
          fs.appendFileSync(values.log, `${db} round ${round}\n${since.join('\n')}\n`);
        }
        console.log(`${db} round ${round}: ${JSON.stringify(result)}`);
      } finally {
        await stop(run.child);
      }
    }
  } finally {
    await postgres?.release();
  }
}
fs.rmSync(work, { recursive: true, force: true });

const range = (xs: number[]) => {
  const s = summary(xs);
  return `${s.median.toFixed(0)} (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;
};
const lines = [
  `kill -9 of the API under writes, ${rounds} rounds per database, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; runner and API of ${root}`,
  '',
  '| database | first 200 after kill -9, ms | runner noticed | new process logs | API ready | failed writes meanwhile |',
  '|---|---|---|---|---|---|',
];
for (const db of [...new Set(results.map((r) => r.db))]) {
  const of = results.filter((r) => r.db === db);
  lines.push(
    `| ${db} | ${range(of.map((r) => r.toFirst200))} | ${range(of.map((r) => r.noticed))} | ${range(of.map((r) => r.firstLine))} | ${range(of.map((r) => r.ready))} | ${range(of.map((r) => r.failedWrites))} |`,
  );
}
fs.writeFileSync(path.join(import.meta.dirname, '..', '..', 'results', 'crash-recovery.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));

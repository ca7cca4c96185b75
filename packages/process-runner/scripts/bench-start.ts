// pnpm --filter @kloof/process-runner bench:start [--runs 5] [--api-port 5550] [--web-port 5551]
//
// Start-up and memory of the API and the web server as `pnpm start` runs them, TypeScript through
// tsx (what start ran before) against the compiled programs (`pnpm build:servers`), taken in turn:
// time from spawn to the first answered GET /v1/health (API) and GET / (web server, on the apps'
// dist folders: `pnpm build` first), resident memory (VmRSS) then and after 1,000 requests
// (10 at a time). Each run after one warm-up per kind; medians with min-max.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const REQUESTS = 1000;
const CONCURRENCY = 10;
const START_BOUND_MS = 120_000;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'api-port': { type: 'string', default: '5550' },
    'web-port': { type: 'string', default: '5551' },
  },
});
const runs = Number(values.runs);
const apiPort = Number(values['api-port']);
const webPort = Number(values['web-port']);
const root = path.resolve(import.meta.dirname, '..', '..', '..');

interface Program {
  label: string;
  dir: string;
  /** The package.json script `pnpm start` ran before (tsx) and runs now (built). */
  scripts: { tsx: string; built: string };
  extraArgs: string[];
  url: string;
  env: (dataDir: string) => Record<string, string>;
}

const programs: Program[] = [
  {
    label: 'API',
    dir: 'packages/api-server',
    scripts: { tsx: 'start', built: 'start:built' },
    extraArgs: [],
    url: `http://127.0.0.1:${apiPort}/v1/health`,
    env: (dataDir) => ({ PORT: String(apiPort), DATA_DIR: dataDir, LOG_FILE: path.join(dataDir, '..', 'api.log') }),
  },
  {
    label: 'web server',
    dir: 'packages/web-server',
    scripts: { tsx: 'serve:releases', built: 'serve:built' },
    extraArgs: ['--dist'],
    url: `http://127.0.0.1:${webPort}/`,
    env: () => ({ PORT: String(webPort), API_UPSTREAM: `http://127.0.0.1:${apiPort}` }),
  },
];

type Kind = keyof Program['scripts'];
interface Sample {
  startMs: number;
  /** CPU (user + system) the process spent until its first answer: what a busy machine does not inflate. */
  startCpuMs: number;
  rssStartMb: number;
  rssAfterMb: number;
}

/** A package script's command split into node's arguments (they are plain `node <flags> <file>`). */
function nodeArgs(program: Program, kind: Kind): string[] {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(root, program.dir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const [command, ...args] = (scripts[program.scripts[kind]] ?? '').split(/\s+/);
  if (command !== 'node') throw new Error(`${program.dir} ${program.scripts[kind]} is not a node command`);
  return [...args, ...program.extraArgs];
}

function cpuMs(pid: number): number {
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 a second), after the name's ')'.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1]) / 1024;
}

/** Asks until the first answer (the port is closed while the program loads); its status must be 200. */
async function firstAnswer(url: string, child: ChildProcess): Promise<void> {
  const bound = Date.now() + START_BOUND_MS;
  while (Date.now() < bound) {
    if (child.exitCode !== null) throw new Error(`${url}: the program exited with ${child.exitCode}`);
    const answer = await fetch(url).catch(() => null);
    if (answer) {
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url}: no answer within ${START_BOUND_MS} ms`);
}

async function load(url: string): Promise<void> {
  let left = REQUESTS;
  const worker = async () => {
    while (left-- > 0) {
      const answer = await fetch(url);
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

async function measure(program: Program, kind: Kind, dataDir: string): Promise<Sample> {
  const started = performance.now();
  const child = spawn(process.execPath, nodeArgs(program, kind), {
    cwd: path.join(root, program.dir),
    env: { ...process.env, NODE_ENV: 'production', ...program.env(dataDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await firstAnswer(program.url, child);
    const startMs = performance.now() - started;
    const startCpuMs = cpuMs(child.pid!);
    const rssStartMb = rssMb(child.pid!);
    await load(program.url);
    return { startMs, startCpuMs, rssStartMb, rssAfterMb: rssMb(child.pid!) };
  } finally {
    await stopped(child);
  }
}

function figures(values: number[], digits: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return `${median.toFixed(digits)} (${sorted[0]!.toFixed(digits)}-${sorted.at(-1)!.toFixed(digits)})`;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-bench-start-'));
const rows: string[] = [];
try {
  for (const program of programs) {
    const samples: Record<Kind, Sample[]> = { tsx: [], built: [] };
    const dataDirs = { tsx: path.join(tmp, 'tsx', 'pglite'), built: path.join(tmp, 'built', 'pglite') };
    // One warm-up each (the first start also creates the database), then the two kinds in turn.
    for (const kind of ['tsx', 'built'] as const) await measure(program, kind, dataDirs[kind]);
    for (let run = 0; run < runs; run++) {
      for (const kind of ['tsx', 'built'] as const) samples[kind].push(await measure(program, kind, dataDirs[kind]));
    }
    for (const kind of ['tsx', 'built'] as const) {
      const s = samples[kind];
      rows.push(
        `| ${program.label} | ${kind} | ${figures(
          s.map((x) => x.startMs),
          0,
        )} | ${figures(
          s.map((x) => x.startCpuMs),
          0,
        )} | ${figures(
          s.map((x) => x.rssStartMb),
          1,
        )} | ${figures(
          s.map((x) => x.rssAfterMb),
          1,
        )} |`,
      );
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`${runs} runs each, median (min-max); load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
console.log(
  '| program | runs as | start to first answer, ms | CPU until then, ms | RSS after start, MB | RSS after 1,000 requests, MB |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);

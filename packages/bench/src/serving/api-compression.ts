#!/usr/bin/env tsx
// pnpm --filter @kloof/bench bench:compression [--rounds 3] [--seconds 5] [--requests 20] [--port 4580] [--json <file>] [--label <name>]
// A large API answer through the web server's /v1 proxy, per Accept-Encoding (none, gzip, br):
// bytes on the wire, time to the last byte of one request at a time (median and range of
// --requests), then req/s with p50/p99 (autocannon -c 10 in its own process, --rounds rounds).
// The API is bare Fastify answering the JSON from memory (bare-fastify.ts), so what differs between
// the rows is the web server's work. The JSON: --json, or the /v1/workspaces answer of the scale
// bench's client (10,000 workspaces, the seeded rows: seed.ts). Appends to results/compression.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stopped, up } from './children';
import { load, summary, type LoadResult } from './load';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '20' },
    port: { type: 'string', default: '4580' },
    json: { type: 'string' },
    // Names the run in the report ("before", "after").
    label: { type: 'string', default: 'this checkout' },
  },
});
const benchDir = path.resolve(import.meta.dirname, '..', '..');
const webDir = path.resolve(benchDir, '..', 'web-server');
const ports = { bare: Number(values.port), web: Number(values.port) + 1 };
const URL_PATH = '/v1/workspaces';

/** The seeded client's workspaces as the API lists them (ids and times as seed.ts makes them). */
function seededWorkspaces(): string {
  const uuid = (text: string) =>
    createHash('md5')
      .update(text)
      .digest('hex')
      .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
  const at = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString();
  const items = [];
  for (let g = 10_000; g >= 1; g--) {
    items.push({
      id: uuid(`scale-client-ws-${g}`),
      name: `Workspace ${String(g).padStart(5, '0')}`,
      description: 'One of ten thousand workspaces of the measured client: a description of a typical length',
      ownerId: '5f0c6c1e-8d0a-4a51-9a4e-2b7f3c1d9e42',
      createdAt: at(g),
      updatedAt: at(g),
      projectCount: 1,
    });
  }
  return JSON.stringify(items);
}

function start(cwd: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** One request: its bytes on the wire, its encoding and ms to the last byte. */
function once(acceptEncoding: string | null): Promise<{ bytes: number; encoding: string; ms: number }> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get({ host: '127.0.0.1', port: ports.web, path: URL_PATH, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity', ms: performance.now() - began }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-bench-compression-'));
const json = values.json ? fs.readFileSync(values.json, 'utf8') : seededWorkspaces();
fs.writeFileSync(path.join(work, 'answer.json'), json);
fs.writeFileSync(path.join(work, 'answers.json'), JSON.stringify({ [URL_PATH]: path.join(work, 'answer.json') }));
const children: ChildProcess[] = [];
const rows: { asked: string; sent: string; bytes: number; ms: number[]; runs: LoadResult[] }[] = [];
try {
  const bare = start(
    import.meta.dirname,
    ['bare-fastify.ts', String(ports.bare), '--answers', path.join(work, 'answers.json')],
    {},
  );
  children.push(bare);
  await up(`http://127.0.0.1:${ports.bare}${URL_PATH}`, bare);
  const web = start(webDir, ['src/main.ts', '--dist', '--port', String(ports.web)], {
    NODE_ENV: 'production',
    API_UPSTREAM: `http://127.0.0.1:${ports.bare}`,
  });
  children.push(web);
  await up(`http://127.0.0.1:${ports.web}${URL_PATH}`, web);
  const asks = [null, 'gzip', 'br, gzip'];
  for (const asked of asks) {
    const times: number[] = [];
    let last = { bytes: 0, encoding: '' };
    await once(asked);
    for (let i = 0; i < Number(values.requests); i++) {
      const one = await once(asked);
      times.push(one.ms);
      last = one;
    }
    rows.push({ asked: asked ?? '(none)', sent: last.encoding, bytes: last.bytes, ms: times, runs: [] });
  }
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [i, asked] of asks.entries()) {
      const headers: Record<string, string> = asked ? { 'accept-encoding': asked } : {};
      const result = await load(`http://127.0.0.1:${ports.web}${URL_PATH}`, {
        seconds: Number(values.seconds),
        connections: 10,
        headers,
      });
      rows[i]!.runs.push(result);
      console.log(`${asked ?? '(none)'} round ${round + 1}: ${result.rps} req/s, p50 ${result.p50} ms`);
    }
  }
} finally {
  await Promise.all(children.reverse().map(stopped));
  fs.rmSync(work, { recursive: true, force: true });
}

const spread = (series: number[], digits = 0) => {
  const s = summary(series);
  return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
};
const lines = [
  '',
  `### ${values.label}: ${new Date().toISOString()}, GET ${URL_PATH} (${(Buffer.byteLength(json) / 1e6).toFixed(2)} MB of JSON) through the web server from bare Fastify; ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  '',
  `| Accept-Encoding | sent | bytes on the wire | ms to the last byte, one at a time (median, range of ${values.requests}) | req/s at -c 10 (${values.rounds} x ${values.seconds} s) | p50 ms | p99 ms |`,
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.asked} | ${r.sent} | ${r.bytes.toLocaleString('en')} | ${spread(r.ms, 1)} | ${spread(r.runs.map((x) => x.rps))} | ${spread(r.runs.map((x) => x.p50))} | ${spread(r.runs.map((x) => x.p99))} |`,
  ),
  '',
];
console.log(lines.join('\n'));
fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
fs.appendFileSync(path.join(benchDir, 'results', 'compression.md'), lines.join('\n'));

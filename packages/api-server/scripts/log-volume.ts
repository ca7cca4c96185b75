/**
 * Log volume per 1,000 requests: starts the API (`src/main.ts`, in-memory PGlite, LOG_LEVEL=info) as
 * its own process on loopback, sends LOG_REQUESTS requests with autocannon (half GET /v1/health,
 * half GET /v1/workspaces without a token: a 401), and counts the bytes and lines the API wrote to
 * stdout meanwhile. Env: LOG_PORT (default 4630), LOG_REQUESTS (default 1000), API_DIR (the
 * api-server folder to run, default this one: point it at an older copy to compare).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const port = Number(process.env.LOG_PORT ?? 4630);
const requests = Number(process.env.LOG_REQUESTS ?? 1000);
const apiDir = path.resolve(process.env.API_DIR ?? path.join(import.meta.dirname, '..'));

const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: apiDir,
  env: { ...process.env, NODE_ENV: 'development', DATA_DIR: 'memory://', PORT: String(port), LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let bytes = 0;
let lines = 0;
let ready = false;
child.stdout.on('data', (chunk: Buffer) => {
  bytes += chunk.length;
  lines += chunk.toString().split('\n').length - 1;
  if (chunk.toString().includes('API ready')) ready = true;
});
const until = async (test: () => boolean, what: string) => {
  const deadline = Date.now() + 120_000;
  while (!test()) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`log-volume: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

try {
  await until(() => ready, 'the API did not start');
  await new Promise((resolve) => setTimeout(resolve, 500)); // start-up lines out of the count
  const [startBytes, startLines] = [bytes, lines];
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    amount: requests,
    requests: [
      { method: 'GET', path: '/v1/health' },
      { method: 'GET', path: '/v1/workspaces' },
    ],
  });
  // Wait for the log to settle: no new bytes for half a second.
  let seen = -1;
  while (seen !== bytes) {
    seen = bytes;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const perThousand = (n: number) => Math.round((n * 1000) / result.requests.total);
  console.log(
    `${result.requests.total} requests (${result['2xx']} 2xx, ${result['4xx']} 4xx): ` +
      `${bytes - startBytes} log bytes, ${lines - startLines} lines; ` +
      `per 1,000 requests: ${perThousand(bytes - startBytes)} bytes, ${perThousand(lines - startLines)} lines`,
  );
} finally {
  child.kill('SIGTERM');
}

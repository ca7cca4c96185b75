/**
 * What tracing costs per request: rounds of autocannon against GET /v1/current-user (the bearer
 * checked, its SQL run) with a browser's traceparent, alternating tracing off and on (spans sent
 * over OTLP/HTTP to a loopback receiver that drops them). Prints each round, then per mode the
 * median and the spread (min-max) of req/s, of the mean latency and of this process's CPU time per
 * request (API and autocannon alike; steadier than req/s on a machine others load too). Env: BENCH_ROUNDS (default 5),
 * BENCH_DURATION (s per round, default 5), BENCH_CONNECTIONS (default 10).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startInProcessApi } from './in-process-api';

const rounds = Math.min(Number(process.env.BENCH_ROUNDS ?? 5), 20);
const duration = Math.min(Number(process.env.BENCH_DURATION ?? 5), 60);
const connections = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 10), 100);

// The collector's side is not what is measured: read each export and drop it.
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

interface Measured {
  rps: number;
  meanMs: number;
  cpuUs: number;
}

async function round(tracing: boolean): Promise<Measured> {
  const env = { LOG_LEVEL: 'error', ...(tracing ? { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } : {}) };
  const { app, base } = await startInProcessApi(env);
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'bench password 1';
    const post = (path: string, body: unknown) =>
      fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/v1/auth/register', { username: 'bench', email, password });
    const outbox = (await (await fetch(`${base}/v1/dev/outbox?to=${email}`)).json()) as { items: { code?: string }[] };
    await post('/v1/auth/accountConfirmation/confirm', { email, otp: outbox.items[0]?.code });
    const login = (await (await post('/v1/auth/login', { email, password })).json()) as { accessToken: string };
    const cpu = process.cpuUsage();
    const result = await autocannon({
      url: `${base}/v1/current-user`,
      connections,
      duration,
      headers: {
        authorization: `Bearer ${login.accessToken}`,
        traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
      },
    });
    if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
    const used = process.cpuUsage(cpu);
    return {
      rps: result.requests.average,
      meanMs: result.latency.average,
      cpuUs: (used.user + used.system) / result.requests.total,
    };
  } finally {
    await app.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const summary = (values: number[], digits: number) =>
  `median ${median(values).toFixed(digits)}, spread ${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;

const seen = { off: [] as Measured[], on: [] as Measured[] };
for (let i = 0; i < rounds; i++) {
  for (const mode of ['off', 'on'] as const) {
    const measured = await round(mode === 'on');
    seen[mode].push(measured);
    console.log(
      `round ${i + 1} tracing ${mode}: ${measured.rps.toFixed(0)} req/s, mean ${measured.meanMs.toFixed(2)} ms`,
    );
  }
}
for (const mode of ['off', 'on'] as const) {
  const rows = seen[mode];
  console.log(
    `tracing ${mode}: req/s ${summary(
      rows.map((r) => r.rps),
      0,
    )}; mean latency ms ${summary(
      rows.map((r) => r.meanMs),
      2,
    )}; CPU µs/request ${summary(
      rows.map((r) => r.cpuUs),
      0,
    )} (${rounds} rounds x ${duration} s, ${connections} connections)`,
  );
}
receiver.close();

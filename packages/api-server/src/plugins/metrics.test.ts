import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, type TestServer } from '../../testing/harness';

// /metrics (plugins/metrics.ts): on a port of its own, in Prometheus text, with series bounded by
// the routes whatever URLs clients send.

let s: TestServer;
let metricsUrl: string;

beforeAll(async () => {
  s = await startTestServer({ env: { METRICS_PORT: '0', RATE_LIMIT_CONTACT: '1' } });
  // The metrics port opens once the API listens (Fastify's onListen, after listen() resolved).
  const deadline = Date.now() + scaled(10_000);
  let address = s.app.metrics.address();
  while (!address) {
    if (Date.now() > deadline) throw new Error('no metrics port after listen');
    await new Promise((resolve) => setTimeout(resolve, 10));
    address = s.app.metrics.address();
  }
  metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
});
afterAll(async () => s.close());

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

const seriesOf = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));

it('is not served on the public port', async () => {
  expect((await s.api('GET', '/metrics')).status).toBe(404);
  expect((await s.api('GET', '/v1/metrics')).status).toBe(404);
});

it('counts and times requests by route pattern and status', async () => {
  await s.api('GET', '/v1/health');
  const text = await scrape();
  expect(text).toMatch(/^kloof_http_requests_total\{method="GET",route="\/v1\/health",status="200"\} [1-9]/m);
  expect(text).toMatch(
    /^kloof_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/v1\/health",status="200"\} [1-9]/m,
  );
});

it('gives every unknown URL one label, so a flood of distinct URLs adds no series', async () => {
  await s.api('GET', '/v1/no-such-page-0');
  const before = seriesOf(await scrape(), 'kloof_http_requests_total');
  for (let i = 1; i <= 200; i++) await s.api('GET', `/v1/no-such-page-${i}?q=<script>${i}`);
  const after = seriesOf(await scrape(), 'kloof_http_requests_total');
  expect(after.length).toBe(before.length);
  expect(after.join('\n')).toMatch(/route="unmatched",status="404"\} 20[1-9]/);
  expect(after.join('\n')).not.toContain('no-such-page');
});

it('counts rate-limit refusals by limit name', async () => {
  const message = { name: 'Ada', email: 'ada@example.com', message: 'A project for the studio, please.' };
  const answers = [
    await s.api('POST', '/v1/contact', { body: message }),
    await s.api('POST', '/v1/contact', { body: message }),
  ];
  expect(answers.map((a) => a.status)).toContain(429);
  expect(await scrape()).toMatch(/^kloof_rate_limit_refusals_total\{limit="contact"\} 1$/m);
});

it('reports the database pool and the sign-in queue', async () => {
  const text = await scrape();
  expect(text).toMatch(/^kloof_db_pool_connections\{state="in_use"\} \d+$/m);
  expect(text).toMatch(/^kloof_db_pool_connections\{state="idle"\} \d+$/m);
  expect(text).toMatch(/^kloof_db_pool_waiting_queries \d+$/m);
  expect(text).toMatch(/^kloof_signin_queue_tasks\{state="waiting"\} 0$/m);
  expect(text).toMatch(/^kloof_signin_queue_tasks\{state="running"\} 0$/m);
});

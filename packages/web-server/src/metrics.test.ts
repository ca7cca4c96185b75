import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { TELEMETRY_TOKEN_PATH } from '@kloof/api-contract/constants';
import { defaultRuntimeConfig } from './runtime-config';
import { buildStaticServer } from './static-server';
import { freePortIn, waitFor } from './testing/api-instance';
import { releasedHostSite } from './testing/released-host';

// The web server's /metrics (metrics.ts): on a port of its own, never the public one, with series
// bounded by its routes whatever URLs visitors send.

let web: FastifyInstance;
let site: string;
let metricsUrl: string;

beforeAll(async () => {
  web = await buildStaticServer({
    site: await releasedHostSite(),
    runtimeConfig: defaultRuntimeConfig,
    metrics: { port: 0, host: '127.0.0.1' },
  });
  const port = await freePortIn(8896, 8899);
  await web.listen({ port, host: '127.0.0.1' });
  site = `http://127.0.0.1:${port}`;
  // The metrics port opens once the server listens (Fastify's onListen, after listen() resolved).
  await waitFor('the metrics port to open', () => web.metricsAddress() !== null);
  metricsUrl = `http://127.0.0.1:${web.metricsAddress()?.port}/metrics`;
});
afterAll(async () => web?.close());

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  return res.text();
}

const seriesOf = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));

it('is not served on the public port', async () => {
  expect((await fetch(`${site}/metrics`)).status).toBe(404);
});

it('says which version of each app it serves', async () => {
  expect(await scrape()).toMatch(/^kloof_release_served\{app="host",version="[^"]+",channel="stable"\} 1$/m);
});

it('counts requests by route pattern and the telemetry calls browsers make', async () => {
  await fetch(`${site}/`);
  await fetch(site + TELEMETRY_TOKEN_PATH);
  const text = await scrape();
  expect(text).toMatch(/^kloof_http_requests_total\{method="GET",route="\/telemetry-token",status="204"\} 1$/m);
  expect(text).toMatch(/^kloof_browser_beacons_total\{kind="telemetry_token"\} 1$/m);
});

it('adds no series for a flood of distinct URLs', async () => {
  await fetch(`${site}/no-such-page-0`);
  const before = seriesOf(await scrape(), 'kloof_http_requests_total');
  for (let i = 1; i <= 200; i++) await fetch(`${site}/no-such-page-${i}?q=${i}`);
  const after = seriesOf(await scrape(), 'kloof_http_requests_total');
  expect(after.length).toBe(before.length);
  expect(after.join('\n')).not.toContain('no-such-page');
});

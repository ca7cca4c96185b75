import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { scaled } from '@kloof/test-kit/slowdown';
import { defaultRuntimeConfig } from './runtime-config';
import { buildStaticServer } from './static-server';
import { ApiInstance, freePortIn, waitFor } from './testing/api-instance';
import { releasedHostSite } from './testing/released-host';

// A real Prometheus (Debian's `prometheus`; test-all and .ci/run install it) scrapes the API's and
// the web server's metrics ports every second; the test reads a query result back through its API.

const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const found = existsSync(PROMETHEUS);
if (!found && process.env.CI === 'true') throw new Error(`${PROMETHEUS} is missing: apt-get install -y prometheus`);
if (!found) console.warn(`Prometheus scrape test skipped: no ${PROMETHEUS} (apt-get install -y prometheus)`);

(found ? describe : describe.skip)('Prometheus scraping the API and the web server', () => {
  let api: ApiInstance;
  let web: FastifyInstance;
  let site: string;
  let prometheus: ChildProcess | undefined;
  let prometheusUrl: string;
  let work: string;
  let output = '';

  beforeAll(async () => {
    const apiMetricsPort = await freePortIn(4900, 4904);
    api = await ApiInstance.start(await freePortIn(4905, 4909), { METRICS_PORT: String(apiMetricsPort) });
    web = await buildStaticServer({
      site: await releasedHostSite(),
      runtimeConfig: defaultRuntimeConfig,
      apiUpstream: api.origin,
      metrics: { port: await freePortIn(8900, 8904), host: '127.0.0.1' },
    });
    const webPort = await freePortIn(8905, 8909);
    await web.listen({ port: webPort, host: '127.0.0.1' });
    site = `http://127.0.0.1:${webPort}`;
    await waitFor('the web server metrics port', () => web.metricsAddress() !== null);

    work = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-prometheus-'));
    const config = [
      'global: { scrape_interval: 1s, scrape_timeout: 1s }',
      'scrape_configs:',
      `  - { job_name: api, static_configs: [{ targets: ['127.0.0.1:${apiMetricsPort}'] }] }`,
      `  - { job_name: web, static_configs: [{ targets: ['127.0.0.1:${web.metricsAddress()?.port}'] }] }`,
    ].join('\n');
    await fs.writeFile(path.join(work, 'prometheus.yml'), config);
    const port = await freePortIn(9190, 9199);
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(work, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(work, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    prometheus.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor('Prometheus to be ready', async () => {
      if (prometheus?.exitCode !== null) throw new Error(`Prometheus exited:\n${output}`);
      return (await fetch(`${prometheusUrl}/-/ready`).catch(() => null))?.status === 200;
    });
  }, scaled(180_000));

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await web?.close();
    await api?.remove();
    if (work) await fs.rm(work, { recursive: true, force: true });
  }, scaled(60_000));

  async function query(expression: string): Promise<Record<string, number>> {
    const res = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expression)}`);
    const body = (await res.json()) as { data: { result: { metric: { job: string }; value: [number, string] }[] } };
    return Object.fromEntries(body.data.result.map((r) => [r.metric.job, Number(r.value[1])]));
  }

  it(
    'reads back the requests both answered with 200',
    async () => {
      for (let i = 0; i < 5; i++) expect((await fetch(`${site}/v1/health`)).status).toBe(200);
      const expression = 'sum by (job) (kloof_http_requests_total{status="200"})';
      let seen: Record<string, number> = {};
      await waitFor(`${expression} > 0 for api and web`, async () => {
        seen = await query(expression);
        return (seen.api ?? 0) > 0 && (seen.web ?? 0) > 0;
      });
      expect(seen.web).toBeGreaterThanOrEqual(5);
      expect(seen.api).toBeGreaterThanOrEqual(5);
    },
    scaled(120_000),
  );
});

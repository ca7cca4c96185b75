import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { releasedSitePerFile, repoRoot } from '@kloof/release-tool/e2e';
import { expect, test } from '@kloof/test-kit/e2e';
import { apiServerEnv } from '@kloof/test-kit/e2e/environment';
import { scaled } from '@kloof/test-kit/slowdown';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@kloof/tracing/testing';

// One sign-in attempt from Chromium, traced: the browser's traceparent, the web server's span,
// the API's and its SQL's, as an OTel collector receives them, and the API's log line for it.

const API_MAIN = path.join(repoRoot, 'packages', 'api-server', 'dist', 'main.js');

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

interface TracedApi {
  url: string;
  lines: () => Record<string, unknown>[];
  stop: () => Promise<void>;
}

/** The built API in its own process, exporting to `endpoint`, its log lines kept (LOG_LEVEL info). */
async function startTracedApi(endpoint: string): Promise<TracedApi> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-traces-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', API_MAIN], {
    cwd: path.join(repoRoot, 'packages', 'api-server'),
    env: {
      ...process.env,
      ...apiServerEnv(),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/livez`).catch(() => null))?.status, { timeout: scaled(60_000) })
    .toBe(200);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return { url, lines, stop };
}

let receiver: OtlpReceiver;
let api: TracedApi;
test.beforeAll(async () => {
  receiver = await startOtlpReceiver();
  api = await startTracedApi(receiver.url);
});
test.afterAll(async () => {
  await api?.stop();
  await receiver?.close();
});
const site = releasedSitePerFile(
  'traces',
  {},
  {
    get API_UPSTREAM() {
      return api.url;
    },
    get OTEL_EXPORTER_OTLP_ENDPOINT() {
      return receiver.url;
    },
  },
);

async function signInAttempt(page: Page, email: string): Promise<string> {
  await page.goto(`${site.server.url}/auth/login`);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password-of-anyone');
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/v1/auth/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const traceparent = (await sent).headers()['traceparent'];
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  return traceparent ?? '';
}

test('one sign-in attempt from the browser is one trace: browser -> web server -> API -> SQL', async ({ page }) => {
  const email = `traced-${Date.now()}@example.com`;
  const traceparent = await signInAttempt(page, email);
  const [, traceId, browserSpanId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(traceparent) ?? [];
  expect(traceId, `the browser sent traceparent '${traceparent}'`).toBeDefined();

  const child = (spans: ReceivedSpan[], parent: string | undefined, service: string) =>
    spans.find((span) => span.traceId === traceId && span.parentSpanId === parent && span.service === service);
  const spans = await receiver.waitFor((all) => {
    const web = child(all, browserSpanId, 'kloof-web');
    const apiSpan = child(all, web?.spanId, 'kloof-api');
    return child(all, apiSpan?.spanId, 'kloof-api') !== undefined;
  }, scaled(20_000));
  const web = child(spans, browserSpanId, 'kloof-web')!;
  const apiSpan = child(spans, web.spanId, 'kloof-api')!;
  const queries = spans.filter((span) => span.traceId === traceId && span.parentSpanId === apiSpan.spanId);
  expect(web).toMatchObject({ name: 'POST /v1', attributes: { 'url.path': '/v1/auth/login' } });
  expect(apiSpan).toMatchObject({ name: 'POST /v1/auth/login', attributes: { 'http.response.status_code': 401 } });
  expect(queries.map((query) => query.attributes['db.system'])).toContain('postgresql');
  // The address typed is in none of them: the statements carry $1 where it went.
  expect(JSON.stringify(spans.filter((span) => span.traceId === traceId))).not.toContain(email);

  await expect
    .poll(() => api.lines().find((line) => line.msg === 'request' && line.trace_id === traceId), {
      timeout: scaled(10_000),
    })
    .toMatchObject({ method: 'POST', status: 401, span_id: apiSpan.spanId });
  console.log(
    `trace ${traceId}:\n` +
      [
        `browser ${browserSpanId}`,
        ...[web, apiSpan, ...queries].map(
          (s) =>
            `${s.service} ${s.spanId} <- ${s.parentSpanId} ${s.name} ${String(s.attributes['db.statement'] ?? '')}`,
        ),
      ].join('\n'),
  );
});

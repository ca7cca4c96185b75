import { scaled } from '@kloof/test-kit/slowdown';
import { CHEAP_TEST_ENV, runEntry, startApiProcess, stopApiProcess, type RunningApi } from '../../testing/api-process';
import { postgresBinaries, startTestCluster, type TestCluster } from '../../testing/postgres-cluster';
import { startWriteTraffic, type WriteResult, type WriteTraffic } from '../../testing/write-traffic';

// The test runs its own PostgreSQL (it stops and crashes it), so it needs the server programs, not
// DATABASE_URL: it runs in the PGlite and the PostgreSQL run of the suite alike wherever they exist.
const binDir = postgresBinaries();
if (!binDir) {
  console.warn(
    'database outage test skipped: no PostgreSQL server programs (set PG_BIN, or install Debian postgresql 15)',
  );
}
const withPostgres = binDir ? describe : describe.skip;

const admin = { email: 'outage-admin@example.com', password: 'outage-admin-passphrase' };
const DATABASE_UNAVAILABLE = 'The database is unavailable. Please try again in a moment.';

async function health(api: RunningApi): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${api.url}/v1/health`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const is201 = (r: WriteResult) => r.status === 201;
const is503 = (r: WriteResult) => r.status === 503;

withPostgres('the API outlives its PostgreSQL (stopped, crashed, connections terminated)', () => {
  let cluster: TestCluster;
  let api: RunningApi;
  let traffic: WriteTraffic | undefined;

  beforeAll(async () => {
    cluster = await startTestCluster(binDir as string);
    api = await startApiProcess(
      {
        DATABASE_URL: cluster.url,
        ...CHEAP_TEST_ENV,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
      scaled(120_000),
    );
  }, scaled(180_000));

  afterAll(async () => {
    await traffic?.stop();
    await stopApiProcess(api);
    await cluster?.destroy();
  }, scaled(60_000));

  it(
    'answers 503 with the error body while the database is away, says so in /v1/health, recovers by itself and keeps every acknowledged write',
    async () => {
      const login = await fetch(`${api.url}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const wait = scaled(20_000);
      traffic = startWriteTraffic(api.url, accessToken, {
        workers: 4,
        prefix: 'outage',
        requestTimeoutMs: scaled(15_000),
      });
      await traffic.waitFor(is201, 20, 0, wait);

      // 1. Every connection the API holds is cut while it writes: it reconnects, nothing else.
      const cutAt = Date.now();
      expect(await cluster.terminateBackends()).toBeGreaterThan(0);
      await traffic.waitFor(is201, 20, cutAt, wait);
      expect(api.child.exitCode).toBeNull();

      // 2. and 3. The server stops as an operator stops it, then crashes (recovery on start).
      const outages: Record<string, { secondsDown: number; secondsToRecover: number; answered503: number }> = {};
      for (const mode of ['fast', 'immediate'] as const) {
        const stoppedAt = Date.now();
        await cluster.stop(mode);
        await traffic.waitFor(is503, 8, stoppedAt, wait);
        await waitUntil(
          'health reports the database unavailable',
          async () => (await health(api)).status === 503,
          wait,
        );
        expect(await health(api)).toEqual({
          status: 503,
          body: {
            status: 'unavailable',
            database: 'unavailable',
            version: expect.any(String),
            contract: expect.any(Object),
          },
        });
        expect(api.child.exitCode).toBeNull();

        await cluster.start();
        const startedAt = Date.now();
        await traffic.waitFor(is201, 10, startedAt, wait);
        await waitUntil('health reports the database back', async () => (await health(api)).status === 200, wait);
        const firstWrite = traffic.results.find((r) => r.at >= startedAt && is201(r)) as WriteResult;
        outages[mode] = {
          secondsDown: (firstWrite.at - stoppedAt) / 1000,
          secondsToRecover: (firstWrite.at - startedAt) / 1000,
          answered503: traffic.results.filter((r) => r.at >= stoppedAt && r.at < firstWrite.at && is503(r)).length,
        };
        // No restart: the same process answers, within seconds of the database's return.
        expect(outages[mode].secondsToRecover).toBeLessThan(scaled(5_000) / 1000);
      }
      await traffic.stop();

      const results = traffic.results;
      const acknowledged = traffic.acknowledged();
      const stored = new Set(
        (await cluster.query<{ name: string }>(`select name from workspaces where name like 'outage-%'`)).map(
          (r) => r.name,
        ),
      );
      const lost = acknowledged.filter((name) => !stored.has(name));
      const byAnswer: Record<string, number> = {};
      for (const r of results)
        byAnswer[r.failure ?? String(r.status)] = (byAnswer[r.failure ?? String(r.status)] ?? 0) + 1;
      console.info(
        `PostgreSQL outage under write traffic: ${results.length} requests, answers ${JSON.stringify(byAnswer)}, ` +
          `acknowledged ${acknowledged.length}, lost ${lost.length}, stored though answered 503 ` +
          `${stored.size - (acknowledged.length - lost.length)}; per outage ${JSON.stringify(outages)}`,
      );

      // Every request got an answer: created, or the API's clear 503 (never a reset, a hang or a 500).
      expect(results.filter((r) => r.failure)).toEqual([]);
      expect(results.filter((r) => r.status !== 201 && r.status !== 503)).toEqual([]);
      for (const r of results.filter(is503)) {
        expect(r.body).toEqual({
          statusCode: 503,
          code: 'database_unavailable',
          error: 'Service Unavailable',
          message: DATABASE_UNAVAILABLE,
          feedback: { reason: 'database-unavailable', retryAfterSeconds: 5 },
        });
      }
      expect(lost).toEqual([]);
      expect(api.child.exitCode).toBeNull();
      expect(api.output()).not.toMatch(/Emitted 'error' event|Unhandled|uncaught/i);
    },
    scaled(240_000),
  );

  it(
    'started while PostgreSQL is down, waits for it and serves once it is up',
    async () => {
      await cluster.stop('fast');
      const late = runEntry('src/main.ts', {
        DATABASE_URL: cluster.url,
        ...CHEAP_TEST_ENV,
      });
      try {
        await waitUntil(
          'the API says it waits',
          async () => late.output().includes('waiting up to 60 s'),
          scaled(60_000),
        );
        expect(late.child.exitCode).toBeNull();
        await cluster.start();
        await waitUntil('the API is ready', async () => late.output().includes('API ready'), scaled(60_000));
        const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(late.output())?.[1] as string;
        expect((await fetch(`${url}/v1/health`)).status).toBe(200);
      } finally {
        late.child.kill('SIGTERM');
        await late.exited;
      }
    },
    scaled(180_000),
  );
});

import { createServer } from 'node:net';
import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, type TestServer } from '../../testing/harness';
import { postgresBinaries, startTestCluster, type TestCluster } from '../../testing/postgres-cluster';

// The orchestrator's probes (plugins/probes.ts): live while the process runs, ready only while it
// can serve, with one word saying why not.

async function probe(s: TestServer, path: '/livez' | '/readyz') {
  const res = await fetch(s.url + path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function untilReady(s: TestServer, expected: number): Promise<Record<string, unknown>> {
  const deadline = Date.now() + scaled(30_000);
  for (;;) {
    const answer = await probe(s, '/readyz');
    if (answer.status === expected) return answer.body;
    if (Date.now() > deadline) throw new Error(`/readyz stayed ${answer.status}, not ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('probes on a working instance', () => {
  let s: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ env: { LOG_LEVEL: 'info' }, build: { logStream: { write: (l) => lines.push(l) } } });
  });
  afterAll(async () => s.close());

  it('answers /livez and /readyz with 200 and a status word, and logs neither', async () => {
    lines.length = 0;
    expect(await probe(s, '/livez')).toEqual({ status: 200, body: { status: 'live' } });
    expect(await probe(s, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
    await s.api('GET', '/v1/health');
    const requestLines = lines
      .map((l) => JSON.parse(l) as { msg: string; url?: string })
      .filter((l) => l.msg === 'request');
    expect(requestLines.map((l) => l.url)).toEqual(['/v1/health']);
  });
});

describe('probes with a Redis that does not answer', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(async () => s.close());

  it('stays live and is not ready, naming Redis and nothing more', async () => {
    expect((await probe(s, '/livez')).status).toBe(200);
    expect(await untilReady(s, 503)).toEqual({ status: 'not-ready', reason: 'redis' });
  });
});

// A PostgreSQL of the test's own, which it stops and starts (the suite's shared one must stay up):
// it runs in the PGlite and the PostgreSQL pass alike wherever the server programs exist.
const binDir = postgresBinaries();
if (!binDir)
  console.warn('probes outage test skipped: no PostgreSQL server programs (set PG_BIN, or install postgresql 15)');
(binDir ? describe : describe.skip)('probes while the database goes away and comes back', () => {
  let cluster: TestCluster;
  let s: TestServer;
  beforeAll(async () => {
    cluster = await startTestCluster(binDir as string);
    s = await startTestServer({ env: { DATABASE_URL: cluster.url } });
  }, scaled(120_000));
  afterAll(async () => {
    await s?.close();
    await cluster?.destroy();
  }, scaled(60_000));

  it(
    'stays live without touching the database, is not ready while it is down and ready again once it is back',
    async () => {
      expect(await untilReady(s, 200)).toEqual({ status: 'ready' });
      await cluster.stop('fast');
      expect(await untilReady(s, 503)).toEqual({ status: 'not-ready', reason: 'database' });
      expect(await probe(s, '/livez')).toEqual({ status: 200, body: { status: 'live' } });
      await cluster.start();
      expect(await untilReady(s, 200)).toEqual({ status: 'ready' });
    },
    scaled(120_000),
  );
});

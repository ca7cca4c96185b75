import http from 'node:http';
import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, type TestServer } from '../../testing/harness';
import { SHUTTING_DOWN } from './drain';

// What a stop looks like from outside (plugins/drain.ts): health keeps its own schema, other routes
// a clean 503, a quiet server stops at once, steady traffic does not hold the stop for its budget.

interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** A transport failure, with when it happened. */
  failure?: { code: string; at: number };
}

function get(agent: http.Agent, url: string): Promise<Answer> {
  return new Promise((resolve) => {
    http
      .get(url, { agent }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      })
      .on('error', (err: NodeJS.ErrnoException) =>
        resolve({ status: 0, body: {}, failure: { code: err.code ?? err.message, at: Date.now() } }),
      );
  });
}

const BUDGET_MS = 10_000;
let s: TestServer;

beforeEach(async () => {
  s = await startTestServer();
});
afterEach(async () => {
  await s.close();
});

describe('stopping (drain)', () => {
  it('answers health with 503 in the health schema (status draining) and other routes with the 503 error body', async () => {
    await s.app.drain(BUDGET_MS);
    const health = await s.api('GET', '/v1/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({
      status: 'draining',
      database: 'ok',
      version: expect.any(String),
      contract: expect.any(Object),
    });
    expect(health.headers.get('connection')).toBe('close');

    const login = await s.api('POST', '/v1/auth/login', {
      body: { email: 'a@example.com', password: 'whatever pass' },
    });
    expect(login.status).toBe(503);
    expect(login.body).toEqual(SHUTTING_DOWN);
    expect(login.headers.get('retry-after')).toBe('5');
  });

  it('on a quiet server ends at once and closes the idle keep-alive connections', async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect((await get(agent, `${s.url}/v1/health`)).status).toBe(200);
      const socketClosed = new Promise<void>((resolve) => {
        const [socket] = Object.values(agent.freeSockets).flat();
        if (!socket) throw new Error('expected an idle keep-alive socket');
        socket.once('close', () => resolve());
      });
      const started = Date.now();
      const drained = await s.app.drain(BUDGET_MS);
      const tookMs = Date.now() - started;
      expect(drained).toEqual({ finished: true, inFlight: 0 });
      await socketClosed;
      // At most the short keep-alive gap after the last answer: not the quiet second, not the budget.
      expect(tookMs).toBeLessThan(scaled(500));
    } finally {
      agent.destroy();
    }
  });

  it('under steady traffic ends within seconds, every answer 200 or 503 in the health schema', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const answers: Answer[] = [];
    let running = true;
    const client = async () => {
      while (running) answers.push(await get(agent, `${s.url}/v1/health`));
    };
    const clients = [client(), client()];
    try {
      const warm = Date.now() + scaled(10_000);
      while (answers.length < 20 && Date.now() < warm) await new Promise((resolve) => setTimeout(resolve, 10));
      const started = Date.now();
      const drained = await s.app.drain(BUDGET_MS);
      const drainedAt = Date.now();
      const tookMs = drainedAt - started;
      running = false;
      await Promise.all(clients);
      expect(drained.finished).toBe(true);
      // Once drained, the process closes its listener: only from then on may a connection fail.
      expect(answers.filter((a) => a.failure && a.failure.at < drainedAt)).toEqual([]);
      // The latecomer window (2 s) plus the machine's slowness, far below the 10 s budget.
      expect(tookMs).toBeLessThan(2000 + scaled(1500));
      expect(answers.some((a) => a.status === 503)).toBe(true);
      for (const a of answers.filter((answer) => !answer.failure)) {
        if (a.status === 200) expect(a.body).toMatchObject({ status: 'ok', database: 'ok' });
        else
          expect(a).toEqual({
            status: 503,
            body: { status: 'draining', database: 'ok', version: expect.any(String), contract: expect.any(Object) },
          });
      }
    } finally {
      running = false;
      agent.destroy();
    }
  });
});

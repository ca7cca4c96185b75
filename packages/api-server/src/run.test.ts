import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiTestEnv } from '@kloof/test-kit/api-test-env';
import { scaled } from '@kloof/test-kit/slowdown';
import { preparedDataDir, startApiProcess, type RunningApi } from '../testing/api-process';

interface Answer {
  status?: number;
  body?: { statusCode?: number; message?: string; error?: string; name?: string };
  failure?: string;
}

/** One POST over the shared keep-alive agent; a transport failure is recorded, never thrown. */
function post(agent: http.Agent, url: string, token: string, body: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ failure: err.code ?? err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ failure: err.code ?? err.message }));
    req.end(payload);
  });
}

/** One health check; undefined when the connection failed (the process has stopped listening). */
function healthCheck(agent: http.Agent, url: string): Promise<{ status: number; body: unknown } | undefined> {
  return new Promise((resolve) => {
    http
      .get(url, { agent }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
        res.on('error', () => resolve(undefined));
      })
      .on('error', () => resolve(undefined));
  });
}

async function login(api: RunningApi, email: string, password: string): Promise<string> {
  const res = await fetch(`${api.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const onPglite = process.env.DATABASE_URL ? describe.skip : describe;

onPglite('graceful stop of the real API (PGlite data folder)', () => {
  // Made in beforeAll, not the describe body: that runs even where the describe is skipped (PostgreSQL).
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kloof-drain-'));
    env.DATA_DIR = dir;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const admin = { email: 'drain-admin@example.com', password: 'drain-admin-passphrase' };
  const env = {
    ...apiTestEnv,
    DATA_DIR: '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };

  it(
    'on SIGTERM mid-burst answers every request (201, or 503 once stopping), exits 0, and keeps every acknowledged write',
    async () => {
      await preparedDataDir(dir);
      const api = await startApiProcess(env, scaled(120_000));
      const token = await login(api, admin.email, admin.password);

      const total = 200;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
      let answered = 0;
      let answeredAtSignal = -1;
      const requests = Array.from({ length: total }, (_, i) =>
        post(agent, `${api.url}/v1/workspaces`, token, { name: `burst ${i}` }).then((answer) => {
          answered++;
          if (answered === 30) {
            answeredAtSignal = answered;
            api.child.kill('SIGTERM');
          }
          return answer;
        }),
      );
      const answers = await Promise.all(requests);
      agent.destroy();
      const { code } = await api.exited;

      const byStatus: Record<string, number> = {};
      for (const a of answers) {
        const key = a.failure ? `failed:${a.failure}` : String(a.status);
        byStatus[key] = (byStatus[key] ?? 0) + 1;
      }
      const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.body?.name as string);

      // Every request got a real answer: created, or a clean 503 in the API's error shape.
      expect(answers.filter((a) => a.failure)).toEqual([]);
      for (const a of answers) {
        expect([201, 503]).toContain(a.status);
        if (a.status === 503) {
          expect(a.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
          expect(typeof a.body?.message).toBe('string');
        }
      }
      expect(answeredAtSignal).toBe(30); // the signal came mid-burst
      expect(code).toBe(0);

      const again = await startApiProcess(env, scaled(120_000));
      try {
        const authorization = `Bearer ${await login(again, admin.email, admin.password)}`;
        const present = new Set<string>();
        for (let after = ''; ;) {
          const list = await fetch(`${again.url}/v1/workspaces?limit=100${after}`, { headers: { authorization } });
          const page = (await list.json()) as { items: { name: string }[]; next: string | null };
          for (const w of page.items) present.add(w.name);
          if (!page.next) break;
          after = `&after=${page.next}`;
        }
        const missing = acknowledged.filter((name) => !present.has(name));
        console.info(
          `SIGTERM drain: ${total} requests, answers ${JSON.stringify(byStatus)}, ` +
            `writes acknowledged ${acknowledged.length}, present after restart ${present.size}, missing ${missing.length}`,
        );
        expect(missing).toEqual([]);
        expect(present.size).toBe(acknowledged.length); // nothing written for a request answered 503
        expect(acknowledged.length).toBeGreaterThanOrEqual(30);
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
    },
    scaled(300_000),
  );

  it(
    'on SIGTERM under steady health checks exits within seconds, health answering 200 or 503 in its schema, no error logged',
    async () => {
      const quietDir = mkdtempSync(path.join(os.tmpdir(), 'kloof-drain-steady-'));
      try {
        await preparedDataDir(quietDir);
        const api = await startApiProcess({ ...env, DATA_DIR: quietDir }, scaled(120_000));
        const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
        const answers: { status: number; body: unknown }[] = [];
        let exited = false;
        void api.exited.then(() => (exited = true));
        const checker = async () => {
          while (!exited) {
            const answer = await healthCheck(agent, `${api.url}/v1/health`);
            if (answer) answers.push(answer);
          }
        };
        const checkers = [checker(), checker(), checker(), checker()];
        while (answers.length < 50) await new Promise((resolve) => setTimeout(resolve, 10));
        const signalledAt = Date.now();
        api.child.kill('SIGTERM');
        const { code } = await api.exited;
        const stopSeconds = (Date.now() - signalledAt) / 1000;
        await Promise.all(checkers);
        agent.destroy();
        const statuses = [...new Set(answers.map((a) => a.status))].sort();
        console.info(`SIGTERM under steady health checks: exit ${code} after ${stopSeconds} s, statuses ${statuses}`);

        expect(code).toBe(0);
        expect(stopSeconds).toBeLessThan(scaled(5_000) / 1000); // the budget is 10 s; nothing was in flight for long
        expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
        for (const a of answers.filter((answer) => answer.status === 503)) {
          expect(a.body).toEqual({
            status: 'draining',
            database: 'ok',
            version: expect.any(String),
            contract: expect.any(Object),
          });
        }
        const errorLines = api
          .output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line));
        expect(errorLines).toEqual([]);
      } finally {
        rmSync(quietDir, { recursive: true, force: true });
      }
    },
    scaled(180_000),
  );
});

import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiTestEnv } from '@kloof/test-kit/api-test-env';
import { scaled } from '@kloof/test-kit/slowdown';
import { preparedDataDir, startApiProcess, stopApiProcess, type RunningApi } from '../../testing/api-process';

// A client that promises a body and hangs up halfway: Node reports it as ECONNRESET, the code a
// cut database connection has too. It is the client's doing, never a database outage. A process of
// its own: in Jest's sandbox Node's errors are of another realm and would not be classified at all.

let dir = '';
let api: RunningApi;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kloof-abort-'));
  await preparedDataDir(dir);
  api = await startApiProcess({ ...apiTestEnv, DATA_DIR: dir }, scaled(120_000));
}, scaled(150_000));
afterAll(async () => {
  await stopApiProcess(api);
  rmSync(dir, { recursive: true, force: true });
});

/** Sends the head of a POST with Content-Length 100, then 10 bytes of it, then closes the connection. */
async function abortBody(reqId: string): Promise<void> {
  const { port } = new URL(api.url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        'POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: 100\r\nX-Request-Id: ${reqId}\r\n\r\n{"email":"`,
        () => socket.destroy(),
      );
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

const logLines = () =>
  api
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const isOutageLine = (line: Record<string, unknown>) =>
  /^database (unavailable|available again)/.test(String(line.msg));

async function waitForLine(what: string, match: (line: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + scaled(5000);
  while (!logLines().some(match)) {
    if (Date.now() > deadline) throw new Error(`no log line within ${scaled(5000)} ms: ${what}\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a request body the client abandons', () => {
  it('is logged as a client abort, never as a database outage, and health stays ok', async () => {
    const startUp = logLines().length;
    for (const reqId of ['abort-1', 'abort-2', 'abort-3']) {
      await abortBody(reqId);
      // Either line ends the wait: the abort's own, or (the old behaviour) the outage warning.
      await waitForLine(`the abort of ${reqId}`, (line) => line.reqId === reqId || isOutageLine(line));
    }
    const afterStartUp = logLines().slice(startUp);
    expect(afterStartUp.filter(isOutageLine)).toEqual([]);
    expect(afterStartUp.filter((line) => line.msg === 'request aborted by the client')).toHaveLength(3);
    expect(afterStartUp.filter((line) => Number(line.level) >= 40)).toEqual([]);
    const health = await fetch(`${api.url}/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

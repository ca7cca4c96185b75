import { startTestServer, type TestServer } from '../../testing/harness';

// At most one info line per request (issue 25: two lines per request wrote 63 MB in 35 minutes).

let s: TestServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  s = await startTestServer({
    env: { LOG_LEVEL: 'info' },
    build: { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
});
afterAll(async () => {
  await s.close();
});

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe('request log', () => {
  it.each([
    ['GET', '/v1/health', 200],
    ['GET', '/v1/workspaces', 401],
    ['GET', '/v1/nope', 404],
  ])('writes one line for %s %s (%i): method, path, client address, status, time', async (method, url, status) => {
    const reqId = `log-${status}`;
    const res = await s.api(method, url, { headers: { 'x-request-id': reqId }, token: 'not-a-real-token' });
    expect(res.status).toBe(status);
    const deadline = Date.now() + 5000; // the line is written once the answer has gone
    while (linesOf(reqId).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(linesOf(reqId)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method,
        url,
        ip: '127.0.0.1',
        status,
        ms: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(linesOf(reqId))).not.toContain('not-a-real-token');
  });

  it('censors what a person typed in the query (a search may be an e-mail address) and keeps ids and cursors', async () => {
    const reqId = 'log-search';
    const res = await s.api('GET', '/v1/users?search=jane%40example.com&limit=20&role=any', {
      headers: { 'x-request-id': reqId },
      token: 'not-a-real-token',
    });
    expect(res.status).toBe(401);
    const deadline = Date.now() + 5000;
    while (linesOf(reqId).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(linesOf(reqId)).toEqual([
      expect.objectContaining({ url: '/v1/users?search=[redacted]&limit=20&role=any', status: 401 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('example.com');
  });

  it('writes no "incoming request" or "request completed" lines', () => {
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { scaled } from '@kloof/test-kit/slowdown';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@kloof/tracing/testing';
import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser, type TestUser } from '../../testing/users';

// Traces (plugins/tracing.ts, db/sql-spans.ts): a browser's traceparent is continued by the API
// down to its SQL, exported over OTLP/HTTP, and named on the request's log line.

const browserCall = () => ({ traceId: randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex') });
const traceparent = (call: { traceId: string; spanId: string }, flags = '01') =>
  `00-${call.traceId}-${call.spanId}-${flags}`;

interface LogLine {
  msg: string;
  url?: string;
  trace_id?: string;
  span_id?: string;
}

function requestLines(lines: string[], url: string): LogLine[] {
  return lines.map((l) => JSON.parse(l) as LogLine).filter((l) => l.msg === 'request' && l.url === url);
}

const ofTrace = (traceId: string, spans: ReceivedSpan[]) => spans.filter((s) => s.traceId === traceId);
const serverSpanOf = (traceId: string, spans: ReceivedSpan[]) =>
  ofTrace(traceId, spans).find((s) => s.service === 'kloof-api' && s.name.startsWith('POST '));

describe('traces with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let receiver: OtlpReceiver;
  let s: TestServer;
  let user: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    s = await startTestServer({
      env: { LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
      build: { logStream: { write: (l) => lines.push(l) } },
    });
    user = await createUser(s);
  });
  afterAll(async () => {
    await s?.close();
    await receiver?.close();
  });

  it("continues the browser's trace down to the SQL, and the request's log line names it", async () => {
    const browser = browserCall();
    const signIn = await s.api('POST', '/v1/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { traceparent: traceparent(browser) },
    });
    expect(signIn.status).toBe(200);
    const spans = await receiver.waitFor((all) => {
      const api = serverSpanOf(browser.traceId, all);
      return api !== undefined && all.some((span) => span.parentSpanId === api.spanId);
    }, scaled(15_000));
    const api = serverSpanOf(browser.traceId, spans)!;
    expect(api).toMatchObject({
      name: 'POST /v1/auth/login',
      parentSpanId: browser.spanId,
      attributes: { 'http.route': '/v1/auth/login', 'http.response.status_code': 200 },
    });
    const queries = ofTrace(browser.traceId, spans).filter((span) => span.parentSpanId === api.spanId);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.service).toBe('kloof-api');
      expect(query.attributes['db.system']).toBe('postgresql');
      expect(String(query.attributes['db.statement'])).toMatch(/^\s*(select|insert|update|delete|with|begin|commit)/i);
    }
    expect(queries.some((query) => String(query.attributes['db.statement']).includes('$1'))).toBe(true);
    const [line] = requestLines(lines, '/v1/auth/login').filter((l) => l.trace_id === browser.traceId);
    expect(line).toMatchObject({ trace_id: browser.traceId, span_id: api.spanId });
  });

  it('keeps no e-mail address, password or token in any span', async () => {
    const browser = browserCall();
    const signIn = await s.api('POST', '/v1/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { traceparent: traceparent(browser) },
    });
    // A query value is someone's search: refused or not, the span never keeps it.
    await s.api('GET', `/v1/current-user/sessions?search=${encodeURIComponent(user.email)}`, {
      token: signIn.body.accessToken,
      headers: { traceparent: traceparent(browser) },
    });
    const requests = (all: ReceivedSpan[]) =>
      ofTrace(browser.traceId, all).filter((span) => span.parentSpanId === browser.spanId);
    const spans = await receiver.waitFor((all) => requests(all).length === 2, scaled(15_000));
    const recorded = JSON.stringify(ofTrace(browser.traceId, spans));
    for (const secret of [user.email, user.password, signIn.body.accessToken, signIn.body.refreshToken]) {
      expect(recorded).not.toContain(secret);
    }
    expect(recorded).not.toContain('@');
  });

  it('takes a malformed traceparent as none: a new trace, the request answered', async () => {
    const res = await s.api('GET', '/v1/health', { headers: { traceparent: '00-not-a-trace-id-01' } });
    expect(res.status).toBe(200);
    const [line] = requestLines(lines, '/v1/health').slice(-1);
    expect(line?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    await receiver.waitFor((all) => all.some((span) => span.traceId === line?.trace_id), scaled(15_000));
  });

  it("records a request whose caller said 'not sampled': the caller decides no cost here", async () => {
    const browser = browserCall();
    await s.api('GET', '/v1/health', { headers: { traceparent: traceparent(browser, '00') } });
    const spans = await receiver.waitFor(
      (all) => ofTrace(browser.traceId, all).some((span) => span.parentSpanId === browser.spanId),
      scaled(15_000),
    );
    expect(ofTrace(browser.traceId, spans).find((span) => span.parentSpanId === browser.spanId)).toMatchObject({
      service: 'kloof-api',
      name: 'GET /v1/health',
    });
  });

  it('adds no metric series for a flood of distinct trace ids', async () => {
    const series = async () =>
      (await s.app.metrics.registry.metrics()).split('\n').filter((l) => l && !l.startsWith('#'));
    await s.api('GET', '/v1/health', { headers: { traceparent: traceparent(browserCall()) } });
    const before = (await series()).filter((l) => !/^kloof_(process|nodejs)_/.test(l)).map((l) => l.split(' ')[0]);
    for (let i = 0; i < 50; i++)
      await s.api('GET', '/v1/health', { headers: { traceparent: traceparent(browserCall()) } });
    const after = (await series()).filter((l) => !/^kloof_(process|nodejs)_/.test(l)).map((l) => l.split(' ')[0]);
    expect(after).toEqual(before);
  });
});

describe('traces with no OTLP endpoint', () => {
  let s: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ env: { LOG_LEVEL: 'info' }, build: { logStream: { write: (l) => lines.push(l) } } });
  });
  afterAll(async () => s?.close());

  it("still names the browser's trace on the request's log line", async () => {
    const browser = browserCall();
    await s.api('GET', '/v1/health', { headers: { traceparent: traceparent(browser) } });
    const [line] = requestLines(lines, '/v1/health');
    expect(line?.trace_id).toBe(browser.traceId);
    expect(line?.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(line?.span_id).not.toBe(browser.spanId);
  });

  it('starts a trace of its own for a request without one', async () => {
    lines.length = 0;
    await s.api('GET', '/v1/health');
    expect(requestLines(lines, '/v1/health')[0]?.trace_id).toMatch(/^[0-9a-f]{32}$/);
  });
});

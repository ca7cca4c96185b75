import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser, type TestUser } from '../../testing/users';

const V1 = '20300101-070000-000-aaaaaaaaaa';
const V2 = '20300101-075000-000-bbbbbbbbbb';
const DAY = 24 * 3600 * 1000;

const load = (version = V1, app = 'marketing') => ({ kind: 'page-load', app, version, route: 'Pricing' });
const failure = (kind: string, version = V1, app = 'marketing') => ({ kind, app, version, route: 'Pricing' });

let s: TestServer;
let admin: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s, { roles: ['Admin'] });
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  await s.app.db.deleteFrom('telemetry_counts').execute();
});

/** What navigator.sendBeacon sends for a string or a text/plain Blob. */
function beacon(body: string, contentType = 'text/plain;charset=UTF-8', headers: Record<string, string> = {}) {
  return fetch(`${s.url}/v1/telemetry`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
}

const report = (events: unknown[]) => s.api('POST', '/v1/telemetry', { body: { events } });
const summary = (query = '', token = admin.accessToken) => s.api('GET', `/v1/telemetry/summary${query}`, { token });

describe('POST /v1/telemetry', () => {
  it('counts a batch anonymously, sent as application/json or as text/plain by sendBeacon (204)', async () => {
    expect((await report([load(), load(), failure('render-error')])).status).toBe(204);
    const res = await beacon(
      JSON.stringify({
        events: [load(), failure('load-failed'), failure('integrity-failed'), failure('fallback-loaded')],
      }),
    );
    expect(res.status).toBe(204);

    const { body } = await summary();
    expect(body.versions).toEqual([
      {
        app: 'marketing',
        version: V1,
        pageLoads: 3,
        loadFailed: 1,
        integrityFailed: 1,
        renderErrors: 1,
        fallbacks: 1,
        errors: 2,
        errorRate: 2 / 3,
      },
    ]);
  });

  it('keeps counts per app, version, kind, page and minute, and nothing else', async () => {
    await report([load(), load(V2), load(V1, 'admin'), { ...load(), route: 'Services' }]);
    s.clock.advanceSeconds(60);
    await report([load()]);
    const rows = await s.app.db
      .selectFrom('telemetry_counts')
      .selectAll()
      .orderBy('app')
      .orderBy('version')
      .orderBy('route')
      .orderBy('minute')
      .execute();
    expect(
      rows.map((r) => [r.app, r.version, r.kind, r.route, new Date(r.minute).toISOString(), Number(r.count)]),
    ).toEqual([
      ['admin', V1, 'page-load', 'Pricing', '2030-01-01T08:00:00.000Z', 1],
      ['marketing', V1, 'page-load', 'Pricing', '2030-01-01T08:00:00.000Z', 1],
      ['marketing', V1, 'page-load', 'Pricing', '2030-01-01T08:01:00.000Z', 1],
      ['marketing', V1, 'page-load', 'Services', '2030-01-01T08:00:00.000Z', 1],
      ['marketing', V2, 'page-load', 'Pricing', '2030-01-01T08:00:00.000Z', 1],
    ]);
  });

  it('loses no increment when many batches hit the same counter at once', async () => {
    const batches = 40;
    const perBatch = 5;
    const results = await Promise.all(
      Array.from({ length: batches }, (_, i) =>
        report([...Array.from({ length: perBatch }, () => load()), failure(i % 2 ? 'render-error' : 'load-failed')]),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(batches).fill(204));
    const [version] = (await summary()).body.versions;
    expect(version).toMatchObject({ pageLoads: batches * perBatch, errors: batches, loadFailed: batches / 2 });
  });

  it.each([
    ['an unknown kind', { events: [failure('crash')] }, 'kind'],
    ['a URL as the page', { events: [{ ...load(), route: '/users/42?email=a@b.co' }] }, 'route'],
    ['free text as the page', { events: [{ ...load(), route: 'Pricing page of Jane Doe' }] }, 'route'],
    ['a long page name', { events: [{ ...load(), route: `P${'a'.repeat(64)}` }] }, 'route'],
    ['a version that is not a release name', { events: [{ ...load(), version: 'jane@example.com' }] }, 'version'],
    ['an app name with spaces', { events: [{ ...load(), app: 'market ing' }] }, 'app'],
    ['an extra field (a message, a user)', { events: [{ ...load(), message: 'TypeError at x' }] }, 'message'],
    ['an empty batch', { events: [] }, 'events'],
    ['a batch of 51', { events: Array.from({ length: 51 }, () => load()) }, 'events'],
    ['no events', {}, 'events'],
  ])('refuses %s with 400 naming the field and counts nothing', async (_what, body, field) => {
    const res = await s.api('POST', '/v1/telemetry', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await s.app.db.selectFrom('telemetry_counts').selectAll().execute()).toEqual([]);
  });

  it('refuses bodies over 16 KiB (413), other charsets and content types (415), and broken JSON (400)', async () => {
    const huge = JSON.stringify({ events: [load()], pad: 'x'.repeat(17 * 1024) });
    expect((await beacon(huge)).status).toBe(413);
    expect((await beacon(JSON.stringify({ events: [load()] }), 'text/plain; charset=utf-16')).status).toBe(415);
    expect((await beacon(JSON.stringify({ events: [load()] }), 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await beacon(JSON.stringify({ events: [load()] }), 'multipart/form-data; boundary=x')).status).toBe(415);
    const broken = await beacon('{"events": [');
    expect(broken.status).toBe(400);
    const proto = await beacon('{"events":[],"__proto__":{"x":1}}');
    expect(proto.status).toBe(400);
    expect(await s.app.db.selectFrom('telemetry_counts').selectAll().execute()).toEqual([]);
  });

  it('keeps text/plain JSON to this route: elsewhere a text/plain body is still refused', async () => {
    const res = await fetch(`${s.url}/v1/contact`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'A', email: 'a@example.com', message: 'hi' }),
    });
    expect(res.status).toBe(400);
    expect(await s.app.db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
  });
});

describe('telemetry rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { RATE_LIMIT_TELEMETRY: '3', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After past the per-client limit, counts nothing then, and other clients go on', async () => {
    const send = (ip: string) =>
      limited.api('POST', '/v1/telemetry', { body: { events: [load()] }, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await send('203.0.113.7')).status).toBe(204);
    const over = await send('203.0.113.7');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send('203.0.113.8')).status).toBe(204);

    limited.clock.advanceSeconds(limited.config.rateLimits.windowSeconds);
    expect((await send('203.0.113.7')).status).toBe(204);
    const rows = await limited.app.db.selectFrom('telemetry_counts').select('count').execute();
    expect(rows.reduce((n, r) => n + Number(r.count), 0)).toBe(5);
  });
});

describe('GET /v1/telemetry/summary', () => {
  it('is for Admins and SuperAdmins only (401 anonymous, 403 clients and unverified admins)', async () => {
    const client = await createUser(s);
    const superAdmin = await createUser(s, { roles: ['SuperAdmin'] });
    const unverifiedAdmin = await createUser(s, { roles: ['Admin'], verified: false });
    expect((await s.api('GET', '/v1/telemetry/summary')).status).toBe(401);
    expect((await summary('', client.accessToken)).status).toBe(403);
    expect((await summary('', unverifiedAdmin.accessToken)).status).toBe(403);
    expect((await summary('', superAdmin.accessToken)).status).toBe(200);
    expect((await summary('', admin.accessToken)).status).toBe(200);
  });

  it('reads since a moment (default 24 hours), per app when asked, with no rate without page loads', async () => {
    await report([failure('render-error', V2)]);
    s.clock.advance(DAY + 60_000);
    await report([load(V1), load(V1), failure('render-error', V1), load(V1, 'admin')]);
    admin = await createUser(s, { roles: ['Admin'] }); // the first one's access token has expired

    const recent = await summary();
    expect(recent.body.since).toBe(new Date(s.clock.now().getTime() - DAY).toISOString());
    expect(recent.body.versions.map((v: { app: string; version: string }) => `${v.app} ${v.version}`)).toEqual([
      `admin ${V1}`,
      `marketing ${V1}`,
    ]);
    const all = await summary(`?since=${new Date(s.clock.now().getTime() - 2 * DAY).toISOString()}&app=marketing`);
    expect(all.body.versions).toEqual([
      expect.objectContaining({ version: V1, pageLoads: 2, errors: 1, errorRate: 0.5 }),
      expect.objectContaining({ version: V2, pageLoads: 0, errors: 1, errorRate: null }),
    ]);
    expect((await summary('?since=yesterday')).status).toBe(400);
  });
});

describe('pruning telemetry', () => {
  it('deletes counts older than 30 days and keeps the rest', async () => {
    await report([load(V1)]);
    s.clock.advance(30 * DAY - 60_000);
    await report([load(V2)]);
    s.clock.advance(2 * 60_000);
    const deleted = await s.app.prune();
    expect(deleted?.telemetry_counts).toBe(1);
    const left = await s.app.db.selectFrom('telemetry_counts').select('version').execute();
    expect(left).toEqual([{ version: V2 }]);
  });
});

import { signTelemetryToken, type TelemetryClaims } from '@kloof/telemetry-token';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, type TestUser } from '../../../testing/users';
import { TOKEN_REFUSED } from './telemetry.routes';

const V1 = '20300101-070000-000-aaaaaaaaaa';
const V2 = '20300101-075000-000-bbbbbbbbbb';
const DAY = 24 * 3600 * 1000;
const SECRET = 'telemetry-test-secret-0123456789-abcdefghij';
const SITE = 'https://kloof.example';
const SYSTEM_EMAIL = 'ops@kloof.example';

const load = (version = V1, app = 'marketing') => ({ kind: 'page-load', app, version, route: 'Pricing' });
const failure = (kind: string, version = V1, app = 'marketing') => ({ kind, app, version, route: 'Pricing' });
const vital = (kind: string, value: number, version = V1) => ({ ...load(version), kind, value });

let s: TestServer;
let admin: TestUser;
beforeAll(async () => {
  s = await startTestServer({
    env: { TELEMETRY_SECRET: SECRET, TRUST_PROXY: '127.0.0.1', SYSTEM_USER_EMAILS: SYSTEM_EMAIL },
  });
  admin = await createUser(s, { roles: ['Admin'] });
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  for (const table of ['telemetry_counters', 'telemetry_votes', 'telemetry_windows'] as const) {
    await s.app.db.deleteFrom(table).execute();
  }
});

/** A token as the web server signs it for a page it served to one browser at one address. */
function token(claims: Partial<TelemetryClaims> = {}, server: TestServer = s, secret = SECRET): string {
  const now = Math.floor(server.clock.now().getTime() / 1000);
  return signTelemetryToken(secret, {
    o: SITE,
    b: 'browser-1',
    a: 'address-1',
    i: now,
    e: now + 1800,
    v: { marketing: [V1, V2], admin: [V1] },
    ...claims,
  });
}

/** What the web server adds to a token when it found these versions broken (a pinned file missing or changed). */
const BROKEN = { f: { marketing: [V1, V2] } };

interface SendOptions {
  contentType?: string;
  origin?: string | null;
  from?: string;
  server?: TestServer;
}

/** A batch as a page's beacon sends it: text/plain by default, from the site's origin. */
function send(body: unknown, options: SendOptions = {}) {
  const { contentType = 'text/plain;charset=UTF-8', origin = SITE, from, server = s } = options;
  const headers: Record<string, string> = { 'content-type': contentType };
  if (origin !== null) headers.origin = origin;
  if (from) headers['x-forwarded-for'] = from;
  return fetch(`${server.url}/v1/telemetry`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const batch = (events: unknown[], tokenText = token()) => ({ token: tokenText, events });

const summary = (query = '', accessToken = admin.accessToken) =>
  s.api('GET', `/v1/telemetry/summary${query}`, { token: accessToken });
const versionOf = async (version = V1, app = 'marketing') =>
  ((await summary(`?app=${app}`)).body.versions as { version: string }[]).find((v) => v.version === version);

describe('POST /v1/telemetry with a page-load token', () => {
  it('counts a batch from the site with its token, as text/plain (sendBeacon) or JSON, one vote per kind', async () => {
    expect((await send(batch([load(), load(), failure('render-error')]))).status).toBe(204);
    const other = token({ ...BROKEN, b: 'browser-2' });
    const json = await send(
      batch([load(), failure('load-failed'), failure('integrity-failed'), failure('fallback-loaded')], other),
      { contentType: 'application/json' },
    );
    expect(json.status).toBe(204);
    expect(await versionOf()).toMatchObject({
      app: 'marketing',
      version: V1,
      pageLoads: 2,
      loadFailed: 1,
      integrityFailed: 1,
      renderErrors: 1,
      fallbacks: 1,
      errors: 2,
      errorRate: 1,
    });
  });

  it('gives a browser one vote per app version and kind per window, and a new window a new vote', async () => {
    for (let i = 0; i < 5; i += 1) await send(batch([load(), load(V2), failure('load-failed')], token(BROKEN)));
    expect(await versionOf()).toMatchObject({ pageLoads: 1, loadFailed: 1 });
    expect(await versionOf(V2)).toMatchObject({ pageLoads: 1, loadFailed: 0 });
    s.clock.advanceSeconds(5 * 60);
    await send(batch([load()]));
    expect(await versionOf()).toMatchObject({ pageLoads: 2 });
  });

  it.each([
    ['no Origin (not sent by a page)', () => send(batch([load()]), { origin: null })],
    [
      'another site as Origin (beacons from its visitors)',
      () => send(batch([load()]), { origin: 'https://evil.example' }),
    ],
    ['a token signed with another secret', () => send(batch([load()], token({}, s, 'x'.repeat(40))))],
    ['a token whose claims were changed', () => send(batch([load()], tamper(token(), { v: { marketing: [V1, V2] } })))],
    ['an expired token', () => send(batch([load()], token({ i: 1, e: 2 })))],
    ['a token issued for longer than 30 minutes', () => send(batch([load()], token({ e: 4_000_000_000 })))],
    ['a made-up token', () => send(batch([load()], `${'a'.repeat(40)}.${'b'.repeat(43)}`))],
  ])('refuses %s with 403 and counts nothing', async (_what, attempt) => {
    const res = await attempt();
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(TOKEN_REFUSED);
    expect(await s.app.db.selectFrom('telemetry_counters').selectAll().execute()).toEqual([]);
  });

  it('counts nothing for versions the token was not issued for, nor vitals without a value or values on other kinds', async () => {
    const onlyV1 = token({ v: { marketing: [V1] } });
    const res = await send(batch([load(V2), load(V1, 'clientArea'), { ...load(), value: 5 }, failure('lcp')], onlyV1));
    expect(res.status).toBe(204);
    expect(await s.app.db.selectFrom('telemetry_counters').selectAll().execute()).toEqual([]);
  });

  it('counts a load failure only of a version the web server found broken, whatever the browser says', async () => {
    const failures = [failure('load-failed'), failure('integrity-failed'), failure('fallback-loaded')];
    const intact = await send(batch([load(), ...failures], token({ b: 'says-failed' })));
    expect(intact.status).toBe(204);
    expect(await versionOf()).toMatchObject({ pageLoads: 1, loadFailed: 0, integrityFailed: 0, fallbacks: 0 });
    await send(batch([load(V2), ...failures.map((f) => ({ ...f, version: V2 }))], token({ f: { marketing: [V1] } })));
    expect(await versionOf(V2)).toMatchObject({ pageLoads: 1, loadFailed: 0 });
    await send(batch([load(), ...failures], token({ b: 'met-a-broken-file', f: { marketing: [V1] } })));
    expect(await versionOf()).toMatchObject({ pageLoads: 2, loadFailed: 1, integrityFailed: 1, fallbacks: 1 });
  });

  it('lets one network vote as at most TELEMETRY_VOTERS_PER_ADDRESS browsers per version and kind', async () => {
    for (let i = 0; i < 10; i += 1) {
      await send(batch([load(), failure('load-failed')], token({ ...BROKEN, b: `b${i}` })));
    }
    expect(await versionOf()).toMatchObject({ pageLoads: 3, loadFailed: 3 });
    await send(batch([load()], token({ b: 'office-2', a: 'address-2' })));
    expect(await versionOf()).toMatchObject({ pageLoads: 4 });
  });

  it.each([
    ['an unknown kind', { events: [failure('crash')] }, 'kind'],
    ['a URL as the page', { events: [{ ...load(), route: '/users/42?email=a@b.co' }] }, 'route'],
    ['free text as the page', { events: [{ ...load(), route: 'Pricing page of Jane Doe' }] }, 'route'],
    ['a version that is not a release name', { events: [{ ...load(), version: 'jane@example.com' }] }, 'version'],
    ['an extra field (a message, a user)', { events: [{ ...load(), message: 'TypeError at x' }] }, 'message'],
    ['a vital out of range', { events: [vital('lcp', 1e9)] }, 'value'],
    ['an empty batch', { events: [] }, 'events'],
    ['a batch of 51', { events: Array.from({ length: 51 }, () => load()) }, 'events'],
    ['no token', { events: [load()], token: undefined }, 'token'],
  ])('refuses %s with 400 naming the field and counts nothing', async (_what, body, field) => {
    const res = await send({ token: token(), ...body }, { contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(field);
    expect(await s.app.db.selectFrom('telemetry_counters').selectAll().execute()).toEqual([]);
  });

  it('refuses bodies over 16 KiB (413), other charsets and content types (415), and broken JSON (400)', async () => {
    const good = JSON.stringify(batch([load()]));
    expect((await send(JSON.stringify({ ...batch([load()]), pad: 'x'.repeat(17 * 1024) }))).status).toBe(413);
    expect((await send(good, { contentType: 'text/plain; charset=utf-16' })).status).toBe(415);
    expect((await send(good, { contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await send('{"events": [')).status).toBe(400);
    expect((await send('{"events":[],"__proto__":{"x":1}}')).status).toBe(400);
    expect(await s.app.db.selectFrom('telemetry_counters').selectAll().execute()).toEqual([]);
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

/** The token's claims with some replaced, under its old signature. */
function tamper(tokenText: string, claims: Partial<TelemetryClaims>): string {
  const [payload, signature] = tokenText.split('.');
  const changed = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...claims };
  return `${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
}

describe('forged telemetry (issue 29) changes no count the watcher reads', () => {
  it('the two forged batches from one address and a flood from 50 addresses leave the summary as it was', async () => {
    // Real page loads: 20 browsers on the stable version, 20 on the canary, no errors.
    for (let i = 0; i < 20; i += 1) {
      await send(batch([load(V1)], token({ b: `stable-${i}`, a: `home-${i}` })));
      await send(batch([load(V2)], token({ b: `canary-${i}`, a: `home-c${i}` })));
    }
    const before = (await summary('?app=marketing')).body.versions;

    const forged = { events: [...Array(40).fill(load(V2)), ...Array(10).fill(failure('load-failed', V2))] };
    // As the issue sent them: a text/plain beacon batch and a JSON batch, with no token ...
    expect((await send(forged, { from: '198.51.100.7' })).status).toBe(400);
    expect((await send(forged, { from: '198.51.100.7', contentType: 'application/json' })).status).toBe(400);
    // ... with a made-up one, and with a real token sent from another site's pages.
    const guessed = { ...forged, token: `${'e'.repeat(60)}.${'f'.repeat(43)}` };
    expect((await send(guessed, { from: '198.51.100.7' })).status).toBe(403);
    const stolen = { ...forged, token: token({ b: 'attacker', a: 'attacker' }) };
    expect((await send(stolen, { from: '198.51.100.7', origin: 'https://evil.example' })).status).toBe(403);
    // A flood from 50 addresses, each with tokens made up or changed from a real one.
    const real = token({ b: 'canary-0', a: 'home-c0' });
    const flood = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const from = `203.0.113.${i + 1}`;
        return [
          (await send({ ...forged, token: tamper(real, { b: `bot-${i}`, a: from }) }, { from })).status,
          (await send({ ...forged, token: `${'g'.repeat(50 + i)}.${'h'.repeat(43)}` }, { from })).status,
        ];
      }),
    );
    expect(new Set(flood.flat())).toEqual(new Set([403]));

    expect((await summary('?app=marketing')).body.versions).toEqual(before);
  });

  it('one real token replayed from 50 addresses counts as the one browser it was issued to', async () => {
    const own = token({ ...BROKEN, b: 'attacker', a: 'attacker-home' });
    const forged = { token: own, events: [...Array(40).fill(load(V2)), ...Array(10).fill(failure('load-failed', V2))] };
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => (await send(forged, { from: `203.0.113.${i + 1}` })).status),
    );
    expect(new Set(answers)).toEqual(new Set([204]));
    expect(await versionOf(V2)).toMatchObject({ pageLoads: 1, loadFailed: 1 });
  });
});

describe('web vitals', () => {
  it('keeps them per app version as histograms and reports samples and the 75th percentile', async () => {
    const lcps = [900, 1000, 1100, 1500, 2600, 700, 800, 1000];
    for (const [i, lcp] of lcps.entries()) {
      await send(
        batch(
          [load(), vital('lcp', lcp), vital('cls', i ? 0.01 : 0.3), vital('lcp', 99_999)],
          token({ b: `v${i}`, a: `a${i}` }),
        ),
      );
    }
    const found = await versionOf();
    expect(found).toMatchObject({
      pageLoads: 8,
      vitals: { lcp: { samples: 8, p75: 1250 }, cls: { samples: 8, p75: 0.01 }, inp: { samples: 0, p75: null } },
    });
  });
});

describe('caps', () => {
  let capped: TestServer;
  beforeAll(async () => {
    capped = await startTestServer({
      env: {
        TELEMETRY_SECRET: SECRET,
        TELEMETRY_MAX_VOTES_PER_WINDOW: '5',
        RATE_LIMIT_TELEMETRY: '3',
        TRUST_PROXY: '127.0.0.1',
      },
    });
  });
  afterAll(async () => {
    await capped.close();
  });

  it('stops counting once a window holds its maximum of votes, and counts again in the next', async () => {
    const vote = (i: number) =>
      send(batch([load()], token({ b: `b${i}`, a: `a${i}` }, capped)), { server: capped, from: `192.0.2.${i}` });
    for (let i = 1; i <= 8; i += 1) expect((await vote(i)).status).toBe(204);
    const rows = async () => (await capped.app.db.selectFrom('telemetry_votes').select('voter').execute()).length;
    expect(await rows()).toBe(5);
    capped.clock.advanceSeconds(5 * 60);
    expect((await vote(9)).status).toBe(204);
    const counters = await capped.app.db
      .selectFrom('telemetry_counters')
      .select('count')
      .where('span_minutes', '=', 5)
      .execute();
    expect(counters.reduce((n, r) => n + Number(r.count), 0)).toBe(6);
  });

  it('answers 429 with Retry-After past the per-client batch limit, and other clients go on', async () => {
    capped.clock.advanceSeconds(capped.config.rateLimits.windowSeconds);
    const sendFrom = (ip: string) => send(batch([load()], token({}, capped)), { server: capped, from: ip });
    for (let i = 0; i < 3; i++) expect((await sendFrom('203.0.113.7')).status).toBe(204);
    const over = await sendFrom('203.0.113.7');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sendFrom('203.0.113.8')).status).toBe(204);
  });
});

describe('GET /v1/telemetry/summary', () => {
  it('is for Admins, SuperAdmins and verified system users (401 anonymous, 403 everyone else)', async () => {
    const client = await createUser(s);
    const superAdmin = await createUser(s, { roles: ['SuperAdmin'] });
    const unverifiedAdmin = await createUser(s, { roles: ['Admin'], verified: false });
    const systemUser = await createUser(s, { email: SYSTEM_EMAIL });
    expect((await s.api('GET', '/v1/telemetry/summary')).status).toBe(401);
    const clientAnswer = await summary('', client.accessToken);
    expect(clientAnswer.status).toBe(403);
    expect(clientAnswer.body.message).toBe('Admin, SuperAdmin or system user required');
    expect((await summary('', unverifiedAdmin.accessToken)).status).toBe(403);
    expect((await summary('', systemUser.accessToken)).status).toBe(200);
    expect((await summary('', superAdmin.accessToken)).status).toBe(200);
    expect((await summary('', admin.accessToken)).status).toBe(200);
  });

  it('refuses a system user whose e-mail is not verified (anyone can register an address)', async () => {
    const other = await startTestServer({ env: { SYSTEM_USER_EMAILS: 'night-ops@kloof.example' } });
    try {
      const claimed = await createUser(other, { email: 'night-ops@kloof.example', verified: false });
      const res = await other.api('GET', '/v1/telemetry/summary', { token: claimed.accessToken });
      expect(res.status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('reads the last two hours by five-minute window and longer ranges by the hour', async () => {
    await send(batch([load(V1)]));
    s.clock.advance(90 * 60_000);
    await send(batch([load(V1)], token({ b: 'later' })));
    const at = (minutesAgo: number) => new Date(s.clock.now().getTime() - minutesAgo * 60_000).toISOString();
    admin = await createUser(s, { roles: ['Admin'] });
    const pageLoads = async (minutesAgo: number) =>
      ((await summary(`?since=${at(minutesAgo)}`)).body.versions[0]?.pageLoads as number | undefined) ?? 0;
    expect(await pageLoads(30)).toBe(1);
    expect(await pageLoads(100)).toBe(2);
    expect(await pageLoads(24 * 60)).toBe(2);
  });

  it('reads since a moment (default 24 hours), per app when asked, with no rate without page loads', async () => {
    await send(batch([failure('render-error', V2)]));
    s.clock.advance(DAY + 60 * 60_000);
    await send(batch([load(V1), failure('render-error', V1), load(V1, 'admin')], token({ b: 'later' })));
    await send(batch([load(V1)], token({ b: 'later-2' })));
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

describe('networks that reported what only browsers see', () => {
  it('counts the distinct networks behind render errors and vitals, not the browsers', async () => {
    // Three browsers of one network and one of another claim a render error and an LCP.
    const claims = [
      { kind: 'render-error', app: 'marketing', version: V1, route: 'Pricing' },
      { kind: 'lcp', app: 'marketing', version: V1, route: 'Pricing', value: 9000 },
    ];
    for (const [b, a] of [
      ['browser-1', 'network-1'],
      ['browser-2', 'network-1'],
      ['browser-3', 'network-1'],
      ['browser-4', 'network-2'],
    ] as const) {
      expect((await send(batch([load(), ...claims], token({ b, a })))).status).toBe(204);
    }
    // The watcher's range: the last 15 minutes.
    const since = new Date(s.clock.now().getTime() - 15 * 60_000).toISOString();
    const { versions } = (await summary(`?since=${since}&app=marketing`)).body as { versions: unknown[] };
    expect(versions).toEqual([
      expect.objectContaining({ version: V1, renderErrors: 4, networks: { renderErrors: 2, vitals: 2 } }),
    ]);
  });

  it('are not given for ranges over two hours, whose votes are no longer kept', async () => {
    await send(batch([load(), failure('render-error')]));
    expect(await versionOf()).not.toHaveProperty('networks');
  });
});

describe('pruning telemetry', () => {
  it('deletes counters older than 30 days and votes older than two hours, and keeps the rest', async () => {
    await send(batch([load(V1)]));
    s.clock.advance(30 * DAY - 5 * 60_000);
    await send(batch([load(V2)]));
    s.clock.advance(6 * 60_000);
    const deleted = await s.app.prune();
    expect(deleted?.telemetry_counters).toBe(2); // its five-minute and its hourly counter
    expect(deleted?.telemetry_votes).toBe(1); // V1's; V2's window is minutes old
    const left = await s.app.db.selectFrom('telemetry_counters').select('version').distinct().execute();
    expect(left).toEqual([{ version: V2 }]);
  });
});

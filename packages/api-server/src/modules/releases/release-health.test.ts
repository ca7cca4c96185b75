import path from 'node:path';
import { signTelemetryToken } from '@kloof/telemetry-token';
import { release } from '@kloof/release-tool/store';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, type TestUser } from '../../../testing/users';
import { releaseStoreOf } from './releases.service';

const SECRET = 'telemetry-test-secret-0123456789-abcdefghij';
const SITE = 'https://kloof.example';

let s: TestServer;
let admin: TestUser;
let stable: string;
let canary: string;

beforeAll(async () => {
  const work = await tempDir();
  s = await startTestServer({
    env: { TELEMETRY_SECRET: SECRET, TRUST_PROXY: '127.0.0.1', RELEASES_DIR: path.join(work, 'releases') },
  });
  const store = releaseStoreOf(s.config);
  stable = (await release(store, 'marketing', await fakeBuild(work, 'marketing', 'one'))).to;
  canary = (await release(store, 'marketing', await fakeBuild(work, 'marketing', 'two'), { canary: 20 })).to;
  admin = await createUser(s, { roles: ['Admin'] });
});
afterAll(async () => s?.close());

/** One browser's page load of `version` through the real telemetry endpoint, with a render error or not. */
async function pageLoad(browser: string, version: string, failed: boolean): Promise<void> {
  const now = Math.floor(s.clock.now().getTime() / 1000);
  const token = signTelemetryToken(SECRET, {
    o: SITE,
    b: browser,
    a: `network-${browser}`,
    i: now,
    e: now + 1800,
    v: { marketing: [stable, canary] },
  });
  const event = (kind: string) => ({ kind, app: 'marketing', version, route: 'Pricing' });
  const events = [event('page-load'), ...(failed ? [event('render-error')] : [])];
  const res = await fetch(`${s.url}/v1/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE, 'x-forwarded-for': `10.0.${browser}.1` },
    body: JSON.stringify({ token, events }),
  });
  expect(res.status).toBe(204);
}

describe('GET /v1/releases/:app/health', () => {
  it("draws each version's page loads and errors window by window, naming the stable and canary versions", async () => {
    const since = s.clock.now().toISOString();
    await pageLoad('1', stable, false);
    await pageLoad('2', canary, true);
    s.clock.advance(5 * 60 * 1000);
    await pageLoad('3', canary, true);
    await pageLoad('4', canary, false);

    const res = await s.api('GET', `/v1/releases/marketing/health?since=${since}`, { token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ app: 'marketing', span: 5, stable, canary });
    const byWindow = (res.body.windows as { versions: { version: string; pageLoads: number; errors: number }[] }[]).map(
      (w) => w.versions.map(({ version, pageLoads, errors }) => ({ version, pageLoads, errors })),
    );
    expect(byWindow).toEqual([
      [
        { version: canary, pageLoads: 1, errors: 1 },
        { version: stable, pageLoads: 1, errors: 0 },
      ].sort((a, b) => a.version.localeCompare(b.version)),
      [{ version: canary, pageLoads: 2, errors: 1 }],
    ]);
  });

  it('refuses an unknown app and a plain user', async () => {
    expect((await s.api('GET', '/v1/releases/billing/health', { token: admin.accessToken })).status).toBe(404);
    const plain = await createUser(s);
    expect((await s.api('GET', '/v1/releases/marketing/health', { token: plain.accessToken })).status).toBe(403);
  });
});

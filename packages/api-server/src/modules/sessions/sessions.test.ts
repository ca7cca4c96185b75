import { INVALID_CURSOR_MESSAGE } from '@kloof/api-contract/constants';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail } from '../../../testing/users';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

let s: TestServer;
beforeAll(async () => {
  // The test server believes X-Forwarded-For from itself, so each value is a client address.
  s = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => s.close());

/** A sign-in from one browser (its user agent, address and device id). */
async function signIn(email: string, password: string, ua: string, ip: string, device: string) {
  const res = await s.api('POST', '/v1/auth/login', {
    body: { email, password, device },
    headers: { 'user-agent': ua, 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(200);
  return res.body as { accessToken: string; refreshToken: string };
}

const list = (token: string) => s.api('GET', '/v1/current-user/sessions', { token });
const refresh = (refreshToken: string) => s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken } });

describe('devices and sessions', () => {
  it('lists each signed-in browser with its system, address, first and last use, and "this device"', async () => {
    const u = await createUser(s);
    const mac = await signIn(u.email, u.password, FIREFOX_MAC, '198.51.100.7', 'mac-device-0123456789');
    const phone = await signIn(u.email, u.password, CHROME_ANDROID, '203.0.113.9', 'phone-device-0123456789');
    const res = await list(mac.accessToken);
    expect(res.status).toBe(200);
    const items = res.body.items as Record<string, unknown>[];
    expect(items).toHaveLength(3); // createUser's own sign-in too
    expect(items.find((i) => i.current)).toMatchObject({
      browser: 'Firefox 128',
      os: 'macOS Sonoma',
      ip: '198.51.100.7',
    });
    expect(items.find((i) => i.browser === 'Chrome 140')).toMatchObject({
      os: 'Android',
      ip: '203.0.113.9',
      current: false,
    });
    // a refresh is a use: last use moves, first use stays, the address follows the device
    s.clock.advanceSeconds(120);
    const rotated = await s.api('POST', '/v1/auth/refreshToken', {
      body: { refreshToken: phone.refreshToken },
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(rotated.status).toBe(200);
    const after = (
      (await list(mac.accessToken)).body.items as {
        browser: string;
        ip: string;
        lastUsedAt: string;
        createdAt: string;
      }[]
    ).find((i) => i.browser === 'Chrome 140')!;
    expect(after.ip).toBe('203.0.113.10');
    expect(Date.parse(after.lastUsedAt) - Date.parse(after.createdAt)).toBe(120_000);
  });

  it('"Sign out" ends that session at once: its refresh and its access token stop working', async () => {
    const u = await createUser(s);
    const mine = await signIn(u.email, u.password, FIREFOX_MAC, '198.51.100.7', 'mac-device-aaaaaaaaaa');
    const lost = await signIn(u.email, u.password, CHROME_ANDROID, '203.0.113.9', 'lost-phone-aaaaaaaaaa');
    const target = ((await list(mine.accessToken)).body.items as { id: string; browser: string }[]).find(
      (i) => i.browser === 'Chrome 140',
    )!;
    const ended = await s.api('DELETE', `/v1/current-user/sessions/${target.id}`, { token: mine.accessToken });
    expect(ended.status).toBe(204);
    expect((await refresh(lost.refreshToken)).status).toBe(401);
    expect((await s.api('GET', '/v1/current-user', { token: lost.accessToken })).status).toBe(401);
    expect((await s.api('GET', '/v1/current-user', { token: mine.accessToken })).status).toBe(200);
    expect((await list(mine.accessToken)).body.items.map((i: { id: string }) => i.id)).not.toContain(target.id);
  });

  it('"Sign out of all other devices" keeps only this one', async () => {
    const u = await createUser(s);
    const others = [
      await signIn(u.email, u.password, CHROME_ANDROID, '203.0.113.1', 'other-device-1111111111'),
      await signIn(u.email, u.password, CHROME_ANDROID, '203.0.113.2', 'other-device-2222222222'),
    ];
    const mine = await signIn(u.email, u.password, FIREFOX_MAC, '198.51.100.7', 'mac-device-bbbbbbbbbb');
    const res = await s.api('POST', '/v1/current-user/sessions/end-others', { token: mine.accessToken });
    expect(res.body).toEqual({ ended: 3 });
    for (const other of [...others, u]) expect((await refresh(other.refreshToken)).status).toBe(401);
    const left = (await list(mine.accessToken)).body.items as { current: boolean }[];
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it('lists a browser signed in many times once, with how many sessions it holds; "Sign out" ends them all', async () => {
    const u = await createUser(s);
    const tabs = [];
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      s.clock.advanceSeconds(1);
      tabs.push(await signIn(u.email, u.password, CHROME_ANDROID, ip, 'busy-phone-0123456789'));
    }
    s.clock.advanceSeconds(1);
    const mine = await signIn(u.email, u.password, FIREFOX_MAC, '198.51.100.7', 'mac-device-dddddddddd');
    s.clock.advanceSeconds(1);
    await signIn(u.email, u.password, FIREFOX_MAC, '198.51.100.7', 'mac-device-dddddddddd'); // a second tab here
    const items = (await list(mine.accessToken)).body.items as { id: string; ip: string; sessions: number }[];
    expect(items.map(({ ip, sessions }) => ({ ip, sessions }))).toEqual([
      { ip: '198.51.100.7', sessions: 2 },
      { ip: '203.0.113.3', sessions: 3 }, // shown by its newest sign-in
      { ip: '127.0.0.1', sessions: 1 }, // createUser's, from a client that sends no device id
    ]);
    expect(items[0]).toMatchObject({ current: true });
    const ended = await s.api('DELETE', `/v1/current-user/sessions/${items[1]!.id}`, { token: mine.accessToken });
    expect(ended.status).toBe(204);
    for (const tab of tabs) expect((await refresh(tab.refreshToken)).status).toBe(401);
    expect((await list(mine.accessToken)).body.items).toHaveLength(2);
  });

  it('without a device id, sign-ins from one browser, system and address are one device', async () => {
    const u = await createUser(s);
    const again = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
    expect(again.status).toBe(200);
    const items = (await list(u.accessToken)).body.items as { sessions: number; current: boolean }[];
    expect(items).toEqual([expect.objectContaining({ sessions: 2, current: true })]);
    const res = await s.api('POST', '/v1/current-user/sessions/end-others', { token: u.accessToken });
    expect(res.body).toEqual({ ended: 0 }); // the other session was this same device
    expect((await refresh(again.body.refreshToken)).status).toBe(401);
  });

  it('lists a page at a time, last used first, for the owner and for an admin; a foreign cursor is 400', async () => {
    const u = await createUser(s);
    for (const n of [1, 2, 3, 4]) {
      s.clock.advanceSeconds(1);
      await signIn(u.email, u.password, CHROME_ANDROID, `203.0.113.${n}`, `paged-device-${n}-0123456789`);
    }
    s.clock.advanceSeconds(1);
    const mine = await signIn(u.email, u.password, FIREFOX_MAC, '198.51.100.7', 'paged-device-mac-0123456789');
    const admin = await createUser(s, { roles: ['Admin'] });
    for (const [path, token] of [
      ['/v1/current-user/sessions', mine.accessToken],
      [`/v1/users/${u.id}/sessions`, admin.accessToken],
    ] as const) {
      const seen: { ip: string; lastUsedAt: string; current: boolean }[] = [];
      let after: string | null = null;
      do {
        const res: { status: number; body: any } = await s.api(
          'GET',
          `${path}?limit=2${after ? `&after=${after}` : ''}`,
          { token },
        );
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.items);
        after = res.body.next;
      } while (after && seen.length < 20);
      expect(seen.map((i) => i.ip)).toEqual([
        '198.51.100.7',
        '203.0.113.4',
        '203.0.113.3',
        '203.0.113.2',
        '203.0.113.1',
        '127.0.0.1',
      ]);
      expect(seen.map((i) => i.current)).toEqual([
        path.startsWith('/v1/current-user'),
        false,
        false,
        false,
        false,
        false,
      ]);
      const wrong = Buffer.from(JSON.stringify([1, 2])).toString('base64url');
      const bad = await s.api('GET', `${path}?after=${wrong}`, { token });
      expect(bad).toMatchObject({ status: 400, body: { message: INVALID_CURSOR_MESSAGE } });
    }
  });

  it("nobody ends someone else's session through their own list", async () => {
    const a = await createUser(s);
    const b = await createUser(s);
    const bSession = (await list(b.accessToken)).body.items[0].id as string;
    const res = await s.api('DELETE', `/v1/current-user/sessions/${bSession}`, { token: a.accessToken });
    expect(res.status).toBe(404);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it("Admin and SuperAdmin see and end a user's sessions; an Admin cannot end a SuperAdmin's; a client sees none", async () => {
    const client = await createUser(s);
    const admin = await createUser(s, { roles: ['Admin'] });
    const superAdmin = await createUser(s, { roles: ['SuperAdmin'] });
    const seen = await s.api('GET', `/v1/users/${client.id}/sessions`, { token: admin.accessToken });
    expect(seen.status).toBe(200);
    expect(seen.body.items).toHaveLength(1);
    expect(seen.body.items[0].current).toBe(false);
    const ended = await s.api('DELETE', `/v1/users/${client.id}/sessions/${seen.body.items[0].id}`, {
      token: admin.accessToken,
    });
    expect(ended.status).toBe(204);
    expect((await refresh(client.refreshToken)).status).toBe(401);

    const supers = await s.api('GET', `/v1/users/${superAdmin.id}/sessions`, { token: superAdmin.accessToken });
    const denied = await s.api('DELETE', `/v1/users/${superAdmin.id}/sessions/${supers.body.items[0].id}`, {
      token: admin.accessToken,
    });
    expect(denied.status).toBe(403);
    const other = await createUser(s);
    expect((await s.api('GET', `/v1/users/${admin.id}/sessions`, { token: other.accessToken })).status).toBe(403);
  });

  it("an Admin neither reads nor ends another Admin's or a SuperAdmin's sessions; a SuperAdmin does both", async () => {
    const admin = await createUser(s, { roles: ['Admin'] });
    const otherAdmin = await createUser(s, { roles: ['Admin'] });
    const superAdmin = await createUser(s, { roles: ['SuperAdmin'] });
    const refusal = "Only a SuperAdmin can see or end an Admin's or a SuperAdmin's sessions";
    for (const staff of [otherAdmin, superAdmin]) {
      const own = (await list(staff.accessToken)).body.items[0].id as string;
      const read = await s.api('GET', `/v1/users/${staff.id}/sessions`, { token: admin.accessToken });
      expect(read.status).toBe(403);
      expect(read.body.message).toBe(refusal);
      expect(JSON.stringify(read.body)).not.toContain('127.0.0.1');
      const end = await s.api('DELETE', `/v1/users/${staff.id}/sessions/${own}`, { token: admin.accessToken });
      expect(end.status).toBe(403);
      expect(end.body.message).toBe(refusal);
      expect((await refresh(staff.refreshToken)).status).toBe(200);
    }
    // an Admin's own sessions stay theirs to see there too
    expect((await s.api('GET', `/v1/users/${admin.id}/sessions`, { token: admin.accessToken })).status).toBe(200);
    const seen = await s.api('GET', `/v1/users/${otherAdmin.id}/sessions`, { token: superAdmin.accessToken });
    expect(seen.status).toBe(200);
    expect(seen.body.items).toHaveLength(1);
    const ended = await s.api('DELETE', `/v1/users/${otherAdmin.id}/sessions/${seen.body.items[0].id}`, {
      token: superAdmin.accessToken,
    });
    expect(ended.status).toBe(204);
  });

  it('a sign-in from a browser the account does not know sends a notice by mail; a known one does not', async () => {
    const u = await createUser(s); // the first sign-in is no news
    expect((await latestMail(s, u.email))?.subject).not.toMatch(/New sign-in/);
    await signIn(u.email, u.password, FIREFOX_MAC, '198.51.100.7', 'mac-device-cccccccccc');
    const notice = await latestMail(s, u.email);
    expect(notice?.subject).toBe('New sign-in to your Kloof Digital account');
    expect(notice?.text).toContain('Firefox 128 on macOS Sonoma, from 198.51.100.7');
    expect(notice?.text).toContain('/auth/not-me#');
    s.clock.advanceSeconds(1); // the outbox lists newest first
    await s.api('POST', '/v1/auth/forgetPassword', { body: { email: u.email } });
    expect((await latestMail(s, u.email))?.subject).toMatch(/Reset/);
    s.clock.advanceSeconds(1);
    await signIn(u.email, u.password, FIREFOX_MAC, '198.51.100.8', 'mac-device-cccccccccc');
    expect((await latestMail(s, u.email))?.subject).toMatch(/Reset/);
  });
});

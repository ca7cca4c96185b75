import type { ActivityEvent } from '@kloof/api-contract';
import { API_ERRORS } from '@kloof/api-contract/constants';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { addPasskey, newAuthenticator, signInWithPasskey } from '../../../testing/passkeys';
import { createUserWithTotp, totpCodeAt } from '../../../testing/totp';
import { createUser, latestMail, type TestUser } from '../../../testing/users';
import { ACTIVITY_RETENTION_DAYS } from '../../maintenance/prune-rules';
import { NOT_ME_SECONDS } from './not-me-token';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const DAY = 24 * 3600;

let s: TestServer;
beforeAll(async () => {
  // The test server believes X-Forwarded-For from itself, so each value is a client address.
  s = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => s.close());

type Event = ActivityEvent;

const myActivity = (token: string, query = '') => s.api('GET', `/v1/user/activity${query}`, { token });
const kindsOf = async (token: string) => ((await myActivity(token)).body.items as Event[]).map((e) => e.kind);

/** The test clock stands still: each action a second after the one before, so the log has an order. */
const aSecondLater = () => s.clock.advanceSeconds(1);

/** A password sign-in from one browser (its device id, address and User-Agent), a second after the last action. */
async function signIn(u: Pick<TestUser, 'email' | 'password'>, device: string, ip = '198.51.100.7') {
  aSecondLater();
  const res = await s.api('POST', '/v1/auth/login', {
    body: { email: u.email, password: u.password, device },
    headers: { 'user-agent': FIREFOX_MAC, 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(200);
  return res.body as { accessToken: string; refreshToken: string; challenge?: string };
}

/** A user whose first sign-in came from `device`, so that browser is known. */
async function userOn(device: string, roles?: string[]) {
  const u = await createUser(s, roles ? { roles } : {});
  const session = await signIn(u, device);
  return { ...u, ...session };
}

/** The "this was not me" token in a notice mail. */
const notMeToken = (mail: { text: string } | undefined) => /\/auth\/not-me#(\S+)/.exec(mail?.text ?? '')?.[1];
const notMe = (token: string) => s.api('POST', '/v1/auth/not-me', { body: { token } });

describe('what the activity log records, once per action', () => {
  it('a sign-in with its device, address and method; a new device as such', async () => {
    const u = await userOn('laptop-device-0000000001');
    await signIn(u, 'laptop-device-0000000001', '198.51.100.8');
    const phone = await signIn(u, 'phone-device-00000000001', '203.0.113.9');
    const items = (await myActivity(phone.accessToken)).body.items as Event[];
    // createUser's own sign-in (a browser without a device id) was the first: no news.
    expect(items.map((e) => e.kind)).toEqual(['sign-in-new-device', 'sign-in', 'sign-in-new-device', 'sign-in']);
    expect(items[0]).toMatchObject({
      browser: 'Firefox 128',
      os: 'macOS Sonoma',
      address: '203.0.113.9',
      place: null,
      details: { method: 'password', newDevice: true },
    });
    expect(items[1]).toMatchObject({ address: '198.51.100.8', details: { method: 'password', newDevice: false } });
  });

  it('password change, password reset and signing out of the other devices', async () => {
    const u = await userOn('desk-device-000000000001');
    aSecondLater();
    const changed = await s.api('POST', '/v1/current-user/password', {
      token: u.accessToken,
      body: { currentPassword: u.password, password: 'another good one', passwordConfirm: 'another good one' },
    });
    expect(changed.status).toBe(200);
    await s.api('POST', '/v1/auth/forgetPassword', { body: { email: u.email } });
    const code = (await latestMail(s, u.email))?.code;
    aSecondLater();
    const reset = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: u.email, password: 'third good one', passwordConfirm: 'third good one' },
    });
    expect(reset.status).toBe(200);
    const back = await signIn({ email: u.email, password: 'third good one' }, 'desk-device-000000000001');
    aSecondLater();
    const ended = await s.api('POST', '/v1/current-user/sessions/end-others', { token: back.accessToken });
    expect(ended.status).toBe(200);
    expect(await kindsOf(back.accessToken)).toEqual([
      'signed-out-everywhere',
      'sign-in',
      'password-reset',
      'password-changed',
      'sign-in-new-device',
      'sign-in',
    ]);
  });

  it('the authenticator app on and off, recovery codes renewed and used, sign-in with a code', async () => {
    const u = await createUserWithTotp(s);
    aSecondLater();
    const renewed = await s.api('POST', '/v1/current-user/totp/recovery-codes', { token: u.accessToken });
    expect(renewed.status).toBe(200);
    const codes = renewed.body.recoveryCodes as string[];
    const finish = async (code: string) => {
      const { challenge } = await signIn(u, 'totp-device-000000000001');
      const res = await s.api('POST', '/v1/auth/login/second-factor', {
        body: { challenge, code, device: 'totp-device-000000000001' },
      });
      expect(res.status).toBe(200);
      return res.body as { accessToken: string };
    };
    await finish(totpCodeAt(s, u.secret));
    const byRecovery = await finish(codes[0]!);
    const proof = await s.api('POST', '/v1/current-user/fresh-proof', {
      token: byRecovery.accessToken,
      body: { kind: 'totp', code: codes[1] },
    });
    expect(proof.status).toBe(200);
    aSecondLater();
    expect((await s.api('POST', '/v1/current-user/totp/disable', { token: byRecovery.accessToken })).status).toBe(204);
    const items = (await myActivity(byRecovery.accessToken)).body.items as Event[];
    expect(items.slice(0, 4).map((e) => [e.kind, e.details.method])).toEqual([
      ['second-factor-disabled', undefined],
      ['recovery-code-used', 'recovery-code'],
      ['sign-in-new-device', 'authenticator'],
      ['recovery-codes-renewed', undefined],
    ]);
    // createUserWithTotp signs in and turns the app on within one second of the test clock.
    expect(
      items
        .slice(4)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['second-factor-enabled', 'sign-in']);
  });

  it('passkeys added and removed, and a sign-in with a passkey', async () => {
    const u = await userOn('key-device-0000000000001');
    const phone = newAuthenticator(s);
    aSecondLater();
    const added = await addPasskey(s, u, phone, { name: 'My phone' });
    aSecondLater();
    const spare = await addPasskey(s, u, newAuthenticator(s));
    aSecondLater();
    const removed = await s.api('POST', `/v1/current-user/passkeys/${spare.body.id}/remove`, {
      token: u.accessToken,
      body: { currentPassword: u.password },
    });
    expect([added.status, spare.status, removed.status]).toEqual([201, 201, 204]);
    aSecondLater();
    const byPasskey = await signInWithPasskey(s, phone);
    expect(byPasskey.status).toBe(200);
    const items = (await myActivity(u.accessToken)).body.items as Event[];
    expect(items.slice(0, 4).map((e) => [e.kind, e.details.method ?? e.details.name ?? null])).toEqual([
      ['sign-in-new-device', 'passkey'],
      ['passkey-removed', null],
      ['passkey-added', 'Unknown browser on Unknown system'],
      ['passkey-added', 'My phone'],
    ]);
  });
});

describe('mails with "this was not me"', () => {
  it('a security change is mailed with what, when and from where, and a link', async () => {
    const u = await userOn('mail-device-000000000001');
    await addPasskey(s, u, newAuthenticator(s), { headers: { 'x-forwarded-for': '192.0.2.44' } });
    const mail = await latestMail(s, u.email);
    expect(mail?.subject).toBe('Security change on your Kloof Digital account');
    expect(mail?.text).toContain('A passkey was added on ');
    expect(mail?.text).toContain('at 192.0.2.44.');
    expect(mail?.text).toContain(
      'If this was not you, open this link: it signs your account out on every device and takes you to set a new password. It works once, for 7 days.',
    );
    expect(notMeToken(mail)).toBeDefined();
  });

  it('a sign-in from a new device is mailed with the link too', async () => {
    const u = await userOn('home-device-000000000001');
    await signIn(u, 'cafe-device-000000000001', '203.0.113.50');
    const mail = await latestMail(s, u.email);
    expect(mail?.subject).toBe('New sign-in to your Kloof Digital account');
    expect(mail?.text).toContain('Firefox 128 on macOS Sonoma, from 203.0.113.50');
    expect(notMeToken(mail)).toBeDefined();
  });

  it('following the link signs out every session and hands a code that sets a new password', async () => {
    const u = await userOn('own-device-0000000000001');
    const thief = await signIn(u, 'thief-device-00000000001', '203.0.113.66');
    const token = notMeToken(await latestMail(s, u.email))!;
    aSecondLater();
    const res = await notMe(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: u.email, code: expect.stringMatching(/^[0-9]{8}$/) });
    aSecondLater();
    for (const session of [u, thief]) {
      expect((await s.api('GET', '/v1/current-user', { token: session.accessToken })).status).toBe(401);
      const refreshed = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: session.refreshToken } });
      expect(refreshed.status).toBe(401);
    }
    const reset = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: res.body.code, email: u.email, password: 'mine again now', passwordConfirm: 'mine again now' },
    });
    expect(reset.status).toBe(200);
    const back = await signIn({ email: u.email, password: 'mine again now' }, 'own-device-0000000000001');
    expect((await kindsOf(back.accessToken)).slice(0, 3)).toEqual(['sign-in', 'password-reset', 'not-me']);
  });

  it('the link works once', async () => {
    const u = await userOn('once-device-000000000001');
    await signIn(u, 'other-device-00000000001');
    const token = notMeToken(await latestMail(s, u.email))!;
    expect((await notMe(token)).status).toBe(200);
    const again = await notMe(token);
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'not_me_link_invalid', message: API_ERRORS.not_me_link_invalid },
    });
  });

  it(`the link expires after ${NOT_ME_SECONDS / DAY} days; a token of another kind is no link`, async () => {
    const u = await userOn('late-device-000000000001');
    await signIn(u, 'later-device-00000000001');
    const token = notMeToken(await latestMail(s, u.email))!;
    expect((await notMe(u.refreshToken)).status).toBe(400);
    s.clock.advanceSeconds(NOT_ME_SECONDS + 1);
    expect((await notMe(token)).body.code).toBe('not_me_link_invalid');
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).not.toBe(200);
  });
});

describe('reading the log', () => {
  it('pages newest first without repeating or skipping an event; a foreign cursor is refused', async () => {
    const u = await userOn('page-device-000000000001');
    for (let i = 0; i < 11; i++) await signIn(u, 'page-device-000000000001');
    const seen: Event[] = [];
    let after = '';
    for (;;) {
      const page = await myActivity(u.accessToken, `?limit=5${after ? `&after=${after}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...(page.body.items as Event[]));
      if (!page.body.next) break;
      after = page.body.next as string;
    }
    expect(seen).toHaveLength(13);
    expect(new Set(seen.map((e) => e.id)).size).toBe(13);
    const times = seen.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const sessionsCursor = (await s.api('GET', '/v1/current-user/sessions?limit=1', { token: u.accessToken })).body
      .next as string;
    expect((await myActivity(u.accessToken, `?after=${sessionsCursor}`)).status).toBe(400);
  });

  it("a user reads only their own: no other user's event, no way to name another account", async () => {
    const a = await userOn('a-device-000000000000001');
    const b = await userOn('b-device-000000000000001');
    const mine = (await myActivity(a.accessToken)).body.items as Event[];
    const theirs = (await myActivity(b.accessToken)).body.items as Event[];
    expect(mine.map((e) => e.id).filter((id) => theirs.some((t) => t.id === id))).toEqual([]);
    expect((await myActivity(a.accessToken, `?userId=${b.id}`)).status).toBe(400);
    expect((await s.api('GET', `/v1/users/${b.id}/activity`, { token: a.accessToken })).status).toBe(403);
    expect((await s.api('GET', '/v1/user/activity')).status).toBe(401);
  });

  it("an Admin reads a client's log and their own, a staff member's only as a SuperAdmin", async () => {
    const client = await userOn('c-device-000000000000001');
    const admin = await userOn('ad-device-00000000000001', ['Admin']);
    const other = await userOn('ad2-device-0000000000001', ['Admin']);
    const superAdmin = await userOn('sa-device-00000000000001', ['SuperAdmin']);
    const read = (who: TestUser, id: string) => s.api('GET', `/v1/users/${id}/activity`, { token: who.accessToken });
    const clientsOwn = (await myActivity(client.accessToken)).body;
    expect((await read(admin, client.id)).body).toEqual(clientsOwn);
    expect((await read(admin, admin.id)).status).toBe(200);
    expect(await read(admin, other.id)).toMatchObject({
      status: 403,
      body: { message: "Only a SuperAdmin can see an Admin's or a SuperAdmin's activity" },
    });
    expect((await read(superAdmin, other.id)).status).toBe(200);
    expect((await read(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('retention', () => {
  it('keeps the exact address RETENTION_DAYS, then the network; the event itself two years', async () => {
    const u = await userOn('old-device-0000000000001');
    const before = await signIn(u, 'old-device-0000000000001', '198.51.100.77');
    s.clock.advanceSeconds((s.config.retentionDays + 1) * DAY);
    await s.app.prune();
    const fresh = await signIn(u, 'old-device-0000000000001', '198.51.100.77');
    const [now, then] = (await myActivity(fresh.accessToken)).body.items as Event[];
    expect([now?.address, then?.address]).toEqual(['198.51.100.77', '198.51.100.0/24']);
    expect(before.accessToken).toBeDefined();
    s.clock.advanceSeconds((ACTIVITY_RETENTION_DAYS - s.config.retentionDays) * DAY);
    await s.app.prune();
    const last = await signIn(u, 'old-device-0000000000001');
    const left = (await myActivity(last.accessToken)).body.items as Event[];
    expect(left.map((e) => e.address)).toEqual(['198.51.100.7', '198.51.100.0/24']);
  });
});

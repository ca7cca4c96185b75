import { generateSync } from 'otplib';
import { FRESH_PROOF_SECONDS } from '@kloof/api-contract/constants';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, proveFresh, type TestUser } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const ENROL_FIRST =
  'A second factor is required for Admin and SuperAdmin accounts. Set up an authenticator app in Settings > Security first.';

const settings = (u: TestUser) => s.api('GET', '/v1/settings/security', { token: u.accessToken });
const setRequired = (u: TestUser, on: boolean) =>
  s.api('PUT', '/v1/settings/security', { token: u.accessToken, body: { requireSecondFactorForAdmins: on } });

/** Turns the user's authenticator app on (with a fresh proof), as the Security section does. */
async function turnOnTotp(u: TestUser) {
  await proveFresh(s, u);
  const { secret } = (await s.api('POST', '/v1/current-user/totp', { token: u.accessToken })).body;
  const code = generateSync({ secret, epoch: s.clock.now().getTime() / 1000 });
  const res = await s.api('POST', '/v1/current-user/totp/confirm', { token: u.accessToken, body: { code } });
  expect(res.status).toBe(200);
  s.clock.advanceSeconds(30);
}

describe('second factor required for Admin and SuperAdmin', () => {
  let boss: TestUser;
  let admin: TestUser;
  let client: TestUser;
  beforeAll(async () => {
    boss = await createUser(s, { roles: ['Admin', 'SuperAdmin'] });
    admin = await createUser(s, { roles: ['Admin'] });
    client = await createUser(s);
  });
  afterEach(async () => {
    // each test starts with the rule off
    await s.app.db.deleteFrom('app_settings').execute();
  });

  it('is off until a SuperAdmin turns it on; every admin may read it, a client may not', async () => {
    expect((await settings(admin)).body).toEqual({ requireSecondFactorForAdmins: false });
    expect((await settings(client)).status).toBe(403);
    expect((await s.api('GET', '/v1/settings/security')).status).toBe(401);
  });

  it('only a SuperAdmin changes it, with a fresh proof, and only with a second factor of their own', async () => {
    await proveFresh(s, admin);
    expect(await setRequired(admin, true)).toMatchObject({
      status: 403,
      body: { message: 'Only a SuperAdmin can change the security settings' },
    });
    s.clock.advanceSeconds(FRESH_PROOF_SECONDS + 1);
    expect(await setRequired(boss, true)).toMatchObject({
      status: 403,
      body: { feedback: { reason: 'fresh-proof-required' } },
    });
    await proveFresh(s, boss);
    expect(await setRequired(boss, true)).toMatchObject({
      status: 409,
      body: { message: 'Set up a second factor on your own account before requiring one for every admin.' },
    });
    expect((await settings(boss)).body.requireSecondFactorForAdmins).toBe(false);
    await turnOnTotp(boss);
    expect(await setRequired(boss, true)).toMatchObject({ status: 200, body: { requireSecondFactorForAdmins: true } });
    expect((await settings(boss)).body.requireSecondFactorForAdmins).toBe(true);
  });

  it('while on, an admin without one gets 403 from every admin route until enrolled; the rest answers as before', async () => {
    const newcomer = await createUser(s, { roles: ['Admin'] });
    await proveFresh(s, boss);
    expect((await setRequired(boss, true)).status).toBe(200);

    // sign-in is the spec's, unchanged: tokens, no challenge
    const login = await s.api('POST', '/v1/auth/login', {
      body: { email: newcomer.email, password: newcomer.password },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const token = login.body.accessToken as string;
    for (const [method, path] of [
      ['GET', '/v1/users'],
      ['GET', `/v1/users/${client.id}`],
      ['GET', `/v1/users/${client.id}/sessions`],
      ['GET', '/v1/contact'],
      ['GET', '/v1/settings/security'],
    ] as const) {
      const res = await s.api(method, path, { token });
      expect([path, res.status, res.body.message, res.body.feedback]).toEqual([
        path,
        403,
        ENROL_FIRST,
        { reason: 'second-factor-required' },
      ]);
    }
    // their own account still answers: that is where they enrol
    expect((await s.api('GET', '/v1/current-user', { token })).status).toBe(200);
    expect((await s.api('GET', '/v1/current-user/totp', { token })).status).toBe(200);
    // a client without one is not concerned
    expect((await s.api('GET', '/v1/workspaces', { token: client.accessToken })).status).toBe(200);

    await turnOnTotp({ ...newcomer, accessToken: token });
    expect((await s.api('GET', '/v1/users', { token })).status).toBe(200);
  });

  it('turned off again, admins without a second factor get in at once', async () => {
    await proveFresh(s, boss);
    expect((await setRequired(boss, true)).status).toBe(200);
    expect((await s.api('GET', '/v1/users', { token: admin.accessToken })).status).toBe(403);
    expect((await setRequired(boss, false)).status).toBe(200);
    expect((await s.api('GET', '/v1/users', { token: admin.accessToken })).status).toBe(200);
  });
});

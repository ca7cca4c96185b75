import { startTestServer, type TestServer } from '../../testing/harness';
import { createUserWithTotp, totpCodeAt } from '../../testing/totp';
import { createUser } from '../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const codeAt = (secret: string, steps = 0) => totpCodeAt(s, secret, steps);
/** A user with the authenticator app on (see testing/totp.ts). */
const withTotp = (server = s) => createUserWithTotp(server);

const login = (email: string, password: string, server = s) =>
  server.api('POST', '/v1/auth/login', { body: { email, password } });
const second = (challenge: string, code: string, server = s, headers: Record<string, string> = {}) =>
  server.api('POST', '/v1/auth/login/second-factor?include=[settings]', { body: { challenge, code }, headers });

describe('sign-in with an authenticator app', () => {
  it('the right password gives no tokens but a challenge; a code from the app finishes the sign-in', async () => {
    const u = await withTotp();
    const first = await login(u.email, u.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ secondFactor: 'totp', challenge: expect.any(String), passkey: false });
    // the challenge is no access token
    expect((await s.api('GET', '/v1/current-user', { token: first.body.challenge })).status).toBe(401);
    const done = await second(first.body.challenge, codeAt(u.secret));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(done.body.user).toMatchObject({ email: u.email, settings: expect.any(Object) });
    expect((await s.api('GET', '/v1/current-user', { token: done.body.accessToken })).status).toBe(200);
  });

  it('a wrong password still says only "Invalid email or password"', async () => {
    const u = await withTotp();
    const res = await login(u.email, 'wrong password here');
    expect(res).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
  });

  it('refuses a wrong code and a code already used', async () => {
    const u = await withTotp();
    const { challenge } = (await login(u.email, u.password)).body;
    const wrong = await second(challenge, codeAt(u.secret, 5));
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid or expired code' } });
    const code = codeAt(u.secret);
    expect((await second(challenge, code)).status).toBe(200);
    const again = (await login(u.email, u.password)).body.challenge;
    expect((await second(again, code)).status).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const u = await withTotp();
    const [code] = u.recoveryCodes;
    const first = (await login(u.email, u.password)).body.challenge;
    expect((await second(first, code!.toUpperCase())).status).toBe(200);
    const next = (await login(u.email, u.password)).body.challenge;
    expect((await second(next, code!)).status).toBe(401);
    expect((await s.api('GET', '/v1/current-user/totp', { token: u.accessToken })).body.recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired challenge, and one that was never issued', async () => {
    const u = await withTotp();
    const { challenge } = (await login(u.email, u.password)).body;
    s.clock.advanceSeconds(301);
    const late = await second(challenge, codeAt(u.secret));
    expect(late).toMatchObject({
      status: 401,
      body: { message: 'Your sign-in has expired. Please enter your password again.' },
    });
    // a refresh token is no challenge either
    expect((await second(u.refreshToken, codeAt(u.secret))).status).toBe(401);
  });

  it('limits code guesses per account, from any address', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_OTP: '4', TRUST_PROXY: '127.0.0.1' } });
    try {
      const u = await withTotp(limited);
      const { challenge } = (await login(u.email, u.password, limited)).body;
      const answers: number[] = [];
      for (let i = 0; i < 5; i++)
        answers.push((await second(challenge, `00000${i}`, limited, { 'x-forwarded-for': `203.0.113.${i}` })).status);
      // the confirming code used one try of this window
      expect(answers).toEqual([401, 401, 401, 429, 429]);
      const right = totpCodeAt(limited, u.secret);
      expect((await second(challenge, right, limited, { 'x-forwarded-for': '203.0.113.50' })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('an account without a second factor signs in with the password alone, as before', async () => {
    const u = await createUser(s);
    const res = await login(u.email, u.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
  });
});

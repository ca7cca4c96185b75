import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUserWithTotp, totpCodeAt } from '../../../testing/totp';
import { createUser } from '../../../testing/users';

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

  describe('wrong codes from someone who has the password', () => {
    let limited: TestServer;
    beforeAll(async () => {
      // The product's default per-account budget (the test environment lifts it), clients told apart by address.
      limited = await startTestServer({ env: { RATE_LIMIT_OTP: '20', TRUST_PROXY: '127.0.0.1' } });
    });
    afterAll(async () => limited.close());

    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const passwordStep = async (u: { email: string; password: string }, ip: string) => {
      const res = await limited.api('POST', '/v1/auth/login', {
        body: { email: u.email, password: u.password },
        headers: from(ip),
      });
      return res.body.challenge as string;
    };
    const codeNow = (secret: string, steps = 0) => totpCodeAt(limited, secret, steps);
    /** Codes of far-off time steps: well formed, never accepted now. */
    const wrongCodes = (secret: string, n: number) => Array.from({ length: n }, (_, i) => codeNow(secret, 10 + i));

    it("never refuse the owner's right code or recovery code on the owner's own sign-in", async () => {
      const u = await withTotp(limited);
      const answers: number[] = [];
      for (const [i, code] of wrongCodes(u.secret, 24).entries()) {
        // a new password step whenever the last one is spent
        const challenge = await passwordStep(u, `203.0.113.${i}`);
        answers.push((await second(challenge, code, limited, from(`203.0.113.${i}`))).status);
      }
      expect(new Set(answers)).toEqual(new Set([401]));
      const owner = await second(await passwordStep(u, '192.0.2.10'), codeNow(u.secret), limited, from('192.0.2.10'));
      expect(owner.status).toBe(200);
      const byRecovery = await second(
        await passwordStep(u, '192.0.2.11'),
        u.recoveryCodes[0]!,
        limited,
        from('192.0.2.11'),
      );
      expect(byRecovery.status).toBe(200);
    });

    it('a password step takes five wrong codes, then its sign-in starts again from the password', async () => {
      const u = await withTotp(limited);
      const challenge = await passwordStep(u, '203.0.113.60');
      for (const code of wrongCodes(u.secret, 5)) {
        const wrong = await second(challenge, code, limited, from('203.0.113.60'));
        expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid or expired code' } });
      }
      const spent = await second(challenge, codeNow(u.secret), limited, from('203.0.113.60'));
      expect(spent).toMatchObject({
        status: 401,
        body: { message: 'Your sign-in has expired. Please enter your password again.' },
      });
    });

    it("past the account's budget of wrong codes, each password step gets one try: the owner's first one passes", async () => {
      const u = await withTotp(limited);
      const wrong = wrongCodes(u.secret, 22);
      for (let i = 0; i < 20; i += 5) {
        const challenge = await passwordStep(u, '203.0.113.70');
        for (const code of wrong.slice(i, i + 5)) await second(challenge, code, limited, from('203.0.113.70'));
      }
      const guesser = await passwordStep(u, '203.0.113.71');
      expect((await second(guesser, wrong[20]!, limited, from('203.0.113.71'))).status).toBe(401);
      const again = await second(guesser, wrong[21]!, limited, from('203.0.113.71'));
      expect(again.body.message).toBe('Your sign-in has expired. Please enter your password again.');
      const owner = await second(await passwordStep(u, '192.0.2.12'), codeNow(u.secret), limited, from('192.0.2.12'));
      expect(owner.status).toBe(200);
    });
  });

  it('an account without a second factor signs in with the password alone, as before', async () => {
    const u = await createUser(s);
    const res = await login(u.email, u.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
  });
});

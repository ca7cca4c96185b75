import { generateSync } from 'otplib';
import { FRESH_PROOF_SECONDS } from '@kloof/api-contract/constants';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, proveFresh, type TestUser } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const NEEDS_PROOF = 'Please confirm it is you: enter your password or a code again to make this change.';

const codeAt = (server: TestServer, secret: string, steps = 0) =>
  generateSync({ secret, epoch: (server.clock.now().getTime() + steps * 30_000) / 1000 });

const prove = (server: TestServer, token: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  server.api('POST', '/v1/current-user/fresh-proof', { token, body, headers });
const changePassword = (server: TestServer, token: string, password: string) =>
  server.api('POST', '/v1/current-user/password', { token, body: { password, passwordConfirm: password } });
const newCodes = (server: TestServer, token: string) =>
  server.api('POST', '/v1/current-user/totp/recovery-codes', { token });
/** A second session of the same account (finished with a recovery code when the app is on). */
const signInAgain = async (server: TestServer, u: TestUser & { recoveryCodes?: string[] }) => {
  let res = await server.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
  if (res.body.challenge)
    res = await server.api('POST', '/v1/auth/login/second-factor', {
      body: { challenge: res.body.challenge, code: u.recoveryCodes?.[0] },
    });
  expect(res.status).toBe(200);
  return { ...u, accessToken: res.body.accessToken as string, refreshToken: res.body.refreshToken as string };
};

/** A user with the authenticator app on (turned on with a fresh proof), the clock past the confirming step. */
async function withTotp(server = s) {
  const u = await createUser(server);
  await proveFresh(server, u);
  const { secret } = (await server.api('POST', '/v1/current-user/totp', { token: u.accessToken })).body;
  const done = await server.api('POST', '/v1/current-user/totp/confirm', {
    token: u.accessToken,
    body: { code: codeAt(server, secret) },
  });
  expect(done.status).toBe(200);
  server.clock.advanceSeconds(FRESH_PROOF_SECONDS + 30); // the enrolment's proof is stale from here on
  return { ...u, secret: secret as string, recoveryCodes: done.body.recoveryCodes as string[] };
}

describe('fresh proof (step-up) for changes that matter', () => {
  it('a password change without one answers 403 with a stable message and the kinds to prove with', async () => {
    const u = await createUser(s);
    const res = await changePassword(s, u.accessToken, 'a brand new passphrase 42');
    expect(res).toMatchObject({
      status: 403,
      body: {
        code: 'fresh_proof_required',
        message: NEEDS_PROOF,
        error: 'Forbidden',
        feedback: { reason: 'fresh-proof-required', kinds: ['password'], maxAgeSeconds: FRESH_PROOF_SECONDS },
      },
    });
    const proof = await prove(s, u.accessToken, { kind: 'password', password: u.password });
    expect(proof.status).toBe(200);
    expect(proof.body).toEqual({
      kind: 'password',
      provedAt: s.clock.now().toISOString(),
      validUntil: new Date(s.clock.now().getTime() + FRESH_PROOF_SECONDS * 1000).toISOString(),
    });
    expect((await changePassword(s, u.accessToken, 'a brand new passphrase 42')).status).toBe(200);
    const login = await s.api('POST', '/v1/auth/login', {
      body: { email: u.email, password: 'a brand new passphrase 42' },
    });
    expect(login.status).toBe(200);
  });

  it('a wrong password answers 400, records nothing and leaves the session signed in', async () => {
    const u = await createUser(s);
    const wrong = await prove(s, u.accessToken, { kind: 'password', password: 'not my password at all' });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
    expect((await changePassword(s, u.accessToken, 'a brand new passphrase 42')).status).toBe(403);
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(200);
    const refreshed = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    expect(refreshed.status).toBe(200);
  });

  it('a proof from another session of the same account does not count', async () => {
    const u = await createUser(s);
    const other = await signInAgain(s, u);
    await proveFresh(s, other);
    const res = await changePassword(s, u.accessToken, 'a brand new passphrase 42');
    expect(res).toMatchObject({ status: 403, body: { message: NEEDS_PROOF } });
    // the proven session may, and ends the unproven one like any password change
    expect((await changePassword(s, other.accessToken, 'a brand new passphrase 42')).status).toBe(200);
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(401);
  });

  it('holds for the session, not the token: still valid after a refresh', async () => {
    const u = await withTotp();
    await proveFresh(s, u);
    const refreshed = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await newCodes(s, refreshed.body.accessToken)).status).toBe(200);
  });

  it(`lasts ${FRESH_PROOF_SECONDS} seconds: just before, the change goes on; after, it is refused`, async () => {
    const u = await withTotp();
    await proveFresh(s, u);
    s.clock.advanceSeconds(FRESH_PROOF_SECONDS - 1);
    expect((await newCodes(s, u.accessToken)).status).toBe(200);
    s.clock.advanceSeconds(1);
    expect(await newCodes(s, u.accessToken)).toMatchObject({
      status: 403,
      body: { message: NEEDS_PROOF, feedback: { kinds: ['password', 'totp'] } },
    });
  });

  it('takes a code from the authenticator app, each code once (not again, not in another session)', async () => {
    const u = await withTotp();
    const other = await signInAgain(s, u);
    const code = codeAt(s, u.secret);
    expect((await prove(s, u.accessToken, { kind: 'totp', code })).status).toBe(200);
    expect(await prove(s, u.accessToken, { kind: 'totp', code })).toMatchObject({
      status: 400,
      body: { message: 'Invalid or expired code' },
    });
    expect((await prove(s, other.accessToken, { kind: 'totp', code })).status).toBe(400);
    expect((await newCodes(s, other.accessToken)).status).toBe(403);
    expect((await newCodes(s, u.accessToken)).status).toBe(200);
  });

  it('refuses a code that already finished a sign-in', async () => {
    const u = await withTotp();
    const first = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
    const code = codeAt(s, u.secret);
    const done = await s.api('POST', '/v1/auth/login/second-factor', {
      body: { challenge: first.body.challenge, code },
    });
    expect(done.status).toBe(200);
    expect((await prove(s, done.body.accessToken, { kind: 'totp', code })).status).toBe(400);
  });

  it('refuses a code kind without an authenticator app, and a kind without its field', async () => {
    const u = await createUser(s);
    expect((await prove(s, u.accessToken, { kind: 'totp', code: '123456' })).status).toBe(409);
    expect(await prove(s, u.accessToken, { kind: 'password' })).toMatchObject({
      status: 400,
      body: { message: 'Enter your password.' },
    });
    expect((await prove(s, u.accessToken, { kind: 'passkey', password: 'x' })).status).toBe(400);
    expect(
      (await s.api('POST', '/v1/current-user/fresh-proof', { body: { kind: 'password', password: 'x' } })).status,
    ).toBe(401);
  });

  it('a current password sent with the change is a proof of its own (right: goes on; wrong: 400)', async () => {
    const u = await createUser(s);
    const body = (currentPassword: string) => ({
      currentPassword,
      password: 'a brand new passphrase 42',
      passwordConfirm: 'a brand new passphrase 42',
    });
    const wrong = await s.api('POST', '/v1/current-user/password', { token: u.accessToken, body: body('nope nope') });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
    const right = await s.api('POST', '/v1/current-user/password', { token: u.accessToken, body: body(u.password) });
    expect(right.status).toBe(200);
  });

  it('a new password equal to the current one is refused after a proof too', async () => {
    const u = await createUser(s);
    await proveFresh(s, u);
    expect(await changePassword(s, u.accessToken, u.password)).toMatchObject({
      status: 400,
      body: { message: 'The new password must differ from your current one.' },
    });
  });
});

describe('brute force on the fresh proof', () => {
  it('is limited per account from any address, like sign-ins; the owner stays signed in', async () => {
    // Few tries allowed, and X-Forwarded-For believed so each try comes from another address.
    // Access tokens outlive the window, so the same session tries again once it has passed.
    const limited = await startTestServer({
      env: { RATE_LIMIT_PASSWORD: '3', TRUST_PROXY: '127.0.0.1', ACCESS_TOKEN_TTL: '3600' },
    });
    try {
      const u = await createUser(limited);
      const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
      const answers: number[] = [];
      for (let i = 0; i < 4; i++)
        answers.push(
          (await prove(limited, u.accessToken, { kind: 'password', password: `guess ${i}` }, from(i))).status,
        );
      expect(answers).toEqual([400, 400, 400, 429]);
      // the right password is refused too until the window ends: guessing cannot go on
      const right = await prove(limited, u.accessToken, { kind: 'password', password: u.password }, from(9));
      expect(right.status).toBe(429);
      expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await limited.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(200);
      limited.clock.advanceSeconds(limited.config.rateLimits.windowSeconds);
      expect((await prove(limited, u.accessToken, { kind: 'password', password: u.password }, from(10))).status).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('is limited per address with the sign-in bucket', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_LOGIN: '2' } });
    try {
      const u = await createUser(limited);
      const answers: number[] = [];
      for (let i = 0; i < 3; i++)
        answers.push((await prove(limited, u.accessToken, { kind: 'password', password: `guess ${i}` })).status);
      // createUser's sign-in from this address succeeded, so it is not counted: both tries left
      expect(answers).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts authenticator codes per account, whatever the address', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_OTP: '4', TRUST_PROXY: '127.0.0.1' } });
    try {
      const u = await withTotp(limited);
      const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });
      const wrong = codeAt(limited, u.secret, 20);
      const answers: number[] = [];
      // the confirmation at enrolment used one try of this window
      for (let i = 0; i < 4; i++)
        answers.push((await prove(limited, u.accessToken, { kind: 'totp', code: wrong }, from(i))).status);
      expect(answers).toEqual([400, 400, 400, 429]);
      const right = await prove(limited, u.accessToken, { kind: 'totp', code: codeAt(limited, u.secret) }, from(8));
      expect(right.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

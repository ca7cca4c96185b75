import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUserWithTotp, totpCodeAt } from '../../../testing/totp';
import { createUser, proveFresh, type TestUser } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/** The code an authenticator app shows for `secret` at the server's time, `steps` steps away. */
const codeAt = (secret: string, steps = 0) => totpCodeAt(s, secret, steps);

/** Enrols with a fresh proof, as the Security section does after its re-check. */
const enrol = async (u: TestUser) => {
  await proveFresh(s, u);
  return s.api('POST', '/v1/current-user/totp', { token: u.accessToken });
};
const confirm = (u: TestUser, code: string) =>
  s.api('POST', '/v1/current-user/totp/confirm', { token: u.accessToken, body: { code } });
const disable = (u: TestUser) => s.api('POST', '/v1/current-user/totp/disable', { token: u.accessToken });
const regenerate = (u: TestUser) => s.api('POST', '/v1/current-user/totp/recovery-codes', { token: u.accessToken });
const proveWithCode = (u: TestUser, code: string) =>
  s.api('POST', '/v1/current-user/fresh-proof', { token: u.accessToken, body: { kind: 'totp', code } });
const status = (u: TestUser) => s.api('GET', '/v1/current-user/totp', { token: u.accessToken });

/** A user with the authenticator app on; the clock moved past the confirming code's step. */
async function withTotp() {
  const { secret, recoveryCodes, ...u } = await createUserWithTotp(s);
  return { u, secret, recoveryCodes };
}

describe('authenticator app: enrol, confirm, turn off', () => {
  it('enrols with a key, its otpauth URI and a QR code, then a code turns it on with ten recovery codes', async () => {
    const u = await createUser(s);
    expect((await status(u)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const res = await enrol(u);
    expect(res.status).toBe(200);
    const { secret, uri, qrDataUrl } = res.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // SHA1, 6 digits and 30 s are the key URI format's defaults: left out, as authenticator apps assume them.
    expect(uri).toBe(
      `otpauth://totp/Kloof%20Digital:${encodeURIComponent(u.email)}?secret=${secret}&issuer=Kloof%20Digital`,
    );
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // not on until confirmed
    expect((await status(u)).body.enabled).toBe(false);

    const done = await confirm(u, codeAt(secret));
    expect(done.status).toBe(200);
    const codes = done.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await status(u)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('never gives the key out again, and stores only hashes of the recovery codes', async () => {
    const { u, secret, recoveryCodes } = await withTotp();
    expect(JSON.stringify((await status(u)).body)).not.toContain(secret);
    expect(JSON.stringify((await s.api('GET', '/v1/current-user', { token: u.accessToken })).body)).not.toContain(
      secret,
    );
    // a second enrolment while on is refused, even with a fresh proof
    expect((await enrol(u)).status).toBe(409);
    const stored = await s.app.db.selectFrom('totp_recovery_codes').selectAll().where('user_id', '=', u.id).execute();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
  });

  it('refuses a wrong code, accepts one step of drift either way, not two', async () => {
    const u = await createUser(s);
    const { secret } = (await enrol(u)).body;
    expect((await confirm(u, codeAt(secret, 20))).status).toBe(400);
    expect((await confirm(u, codeAt(secret, -2))).status).toBe(400);
    expect((await confirm(u, codeAt(secret, 2))).status).toBe(400);
    const late = await confirm(u, codeAt(secret, -1));
    expect(late.status).toBe(200);
  });

  it('accepts each code once: the code that turned it on, or an older one, is refused after', async () => {
    const u = await createUser(s);
    const { secret } = (await enrol(u)).body;
    const first = codeAt(secret);
    expect((await confirm(u, first)).status).toBe(200);
    // same step: the confirming code cannot be replayed, nor the one before it
    expect((await proveWithCode(u, first)).status).toBe(400);
    expect((await proveWithCode(u, codeAt(secret, -1))).status).toBe(400);
    // the next step's code is new
    s.clock.advanceSeconds(30);
    expect((await proveWithCode(u, codeAt(secret))).status).toBe(200);
  });

  it('turns off only with a fresh proof made with a code (factor-proof.test.ts: not a password)', async () => {
    const { u, secret } = await withTotp();
    s.clock.advanceSeconds(300); // the enrolment's proof is stale
    expect(await disable(u)).toMatchObject({ status: 403, body: { feedback: { kinds: ['totp'] } } });
    expect((await status(u)).body.enabled).toBe(true);
    expect((await proveWithCode(u, codeAt(secret))).status).toBe(200);
    expect((await disable(u)).status).toBe(204);
    expect((await status(u)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await disable(u)).status).toBe(409);
  });

  it('enrolling needs a fresh proof: a stolen token cannot put its own app on the account', async () => {
    const u = await createUser(s);
    const res = await s.api('POST', '/v1/current-user/totp', { token: u.accessToken });
    expect(res).toMatchObject({
      status: 403,
      body: { feedback: { reason: 'fresh-proof-required', kinds: ['password'] } },
    });
  });

  it('limits code tries per account, whatever the address', async () => {
    // Its own server: few tries allowed, and X-Forwarded-For believed so each try comes from elsewhere.
    const limited = await startTestServer({ env: { RATE_LIMIT_OTP: '4', TRUST_PROXY: '127.0.0.1' } });
    try {
      const u = await createUser(limited);
      await proveFresh(limited, u);
      const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
      const enrolled = await limited.api('POST', '/v1/current-user/totp', { token: u.accessToken, headers: from(1) });
      const secret = enrolled.body.secret as string;
      const tryCode = (code: string, i: number) =>
        limited.api('POST', '/v1/current-user/totp/confirm', {
          token: u.accessToken,
          body: { code },
          headers: from(i),
        });
      const wrong = totpCodeAt(limited, secret, 10);
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) answers.push((await tryCode(wrong, 10 + i)).status);
      expect(answers).toEqual([400, 400, 400, 400, 429]);
      // the right code is refused too until the window ends: guessing cannot go on
      const right = totpCodeAt(limited, secret);
      expect((await tryCode(right, 20)).status).toBe(429);
      // a fresh window lets the owner in again (the count is per window, not a lock)
      limited.clock.advanceSeconds(limited.config.rateLimits.windowSeconds);
      const again = await limited.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
      const rightLater = totpCodeAt(limited, secret);
      const later = await limited.api('POST', '/v1/current-user/totp/confirm', {
        token: again.body.accessToken,
        body: { code: rightLater },
        headers: from(21),
      });
      expect(later.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('needs a signed-in user', async () => {
    expect((await s.api('POST', '/v1/current-user/totp/recovery-codes')).status).toBe(401);
    expect((await s.api('POST', '/v1/current-user/totp')).status).toBe(401);
  });
});

describe('new recovery codes', () => {
  it('gives ten new codes once, only with a fresh proof; the old ones stop working', async () => {
    const { u, recoveryCodes } = await withTotp();
    s.clock.advanceSeconds(300);
    expect((await regenerate(u)).status).toBe(403);
    await proveFresh(s, u);
    const res = await regenerate(u);
    expect(res.status).toBe(200);
    const fresh = res.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    expect((await status(u)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const signIn = async (code: string) => {
      const first = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
      return s.api('POST', '/v1/auth/login/second-factor', { body: { challenge: first.body.challenge, code } });
    };
    expect((await signIn(recoveryCodes[0]!)).status).toBe(401);
    expect((await signIn(fresh[0]!)).status).toBe(200);
    expect((await signIn(fresh[0]!)).status).toBe(401);
    expect((await status(u)).body.recoveryCodesLeft).toBe(9);
  });

  it('is refused while the app is off', async () => {
    const u = await createUser(s);
    await proveFresh(s, u);
    expect((await regenerate(u)).status).toBe(409);
  });
});

import { startTestServer, type TestServer } from '../../../testing/harness';
import { addPasskey, newAuthenticator, proveWithPasskey, signInWithPasskey } from '../../../testing/passkeys';
import type { SoftAuthenticator } from '../../../testing/soft-authenticator';
import { createUserWithTotp } from '../../../testing/totp';
import { createUser } from '../../../testing/users';

// The test server trusts X-Forwarded-For from itself (127.0.0.1), so each header value is a client.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_ACCOUNT_FREE_FAILURES: '3' } });
});
afterAll(async () => s.close());

const FAILED = 'This passkey could not sign you in. Try again, or sign in with your password.';
const EXPIRED = 'The passkey request has expired. Please try again.';

/** A user with one passkey on `phone`, and with the authenticator app on when asked. */
async function withPasskey(phone: SoftAuthenticator = newAuthenticator(s), { totp = false } = {}) {
  const u = totp ? await createUserWithTotp(s) : await createUser(s);
  const added = await addPasskey(s, u, phone);
  expect(added.status).toBe(201);
  return { ...u, phone, passkeyId: added.body.id as string };
}

const startAlone = async () => (await s.api('POST', '/v1/auth/passkey/options')).body;
const finishAlone = (ceremony: string, response: unknown) =>
  s.api('POST', '/v1/auth/passkey', { body: { ceremony, response } });
const login = (email: string, password: string, ip = '198.51.100.7') =>
  s.api('POST', '/v1/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });
const startSecond = (challenge: string) =>
  s.api('POST', '/v1/auth/login/second-factor/passkey/options', { body: { challenge } });
const finishSecond = (challenge: string, ceremony: string, response: unknown) =>
  s.api('POST', '/v1/auth/login/second-factor/passkey?include=[settings]', {
    body: { challenge, ceremony, response },
  });

describe('signing in with a passkey alone', () => {
  it('asks any passkey of this site, verified by its owner; the answer is a full sign-in', async () => {
    const u = await withPasskey();
    const start = await startAlone();
    expect(start.options).toEqual({
      rpId: 'localhost',
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 170_000,
      userVerification: 'required',
    });
    const done = await finishAlone(start.ceremony, u.phone.get(start.options));
    expect(done.status).toBe(200);
    expect(Object.keys(done.body).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect(done.body.user).toMatchObject({ id: u.id, email: u.email });
    expect((await s.api('GET', '/v1/current-user', { token: done.body.accessToken })).status).toBe(200);
    const [passkey] = (await s.api('GET', '/v1/current-user/passkeys', { token: u.accessToken })).body.items;
    expect(passkey.lastUsedAt).toBe(s.clock.now().toISOString());
  });

  it('also for an account with an authenticator app: a passkey that checked the person is two factors', async () => {
    const u = await withPasskey(newAuthenticator(s), { totp: true });
    const done = await signInWithPasskey(s, u.phone);
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email: u.email, settings: expect.any(Object) });
  });

  it('refuses a passkey that did not verify the person', async () => {
    const u = await withPasskey();
    expect(await signInWithPasskey(s, u.phone, { userVerified: false })).toMatchObject({
      status: 401,
      body: { message: FAILED },
    });
  });

  it('a removed passkey signs in no more', async () => {
    const u = await withPasskey();
    expect((await signInWithPasskey(s, u.phone)).status).toBe(200);
    expect((await proveWithPasskey(s, u, u.phone)).status).toBe(200); // it is the last one: a factor goes
    const removed = await s.api('POST', `/v1/current-user/passkeys/${u.passkeyId}/remove`, {
      token: u.accessToken,
      body: { currentPassword: u.password },
    });
    expect(removed.status).toBe(204);
    expect(await signInWithPasskey(s, u.phone)).toMatchObject({ status: 401, body: { message: FAILED } });
  });

  it('takes each ceremony once and for a few minutes: a replayed or late answer signs in no one', async () => {
    const u = await withPasskey(newAuthenticator(s, false)); // a passkey that keeps no counter: only the ceremony guards
    const start = await startAlone();
    const answer = u.phone.get(start.options);
    expect((await finishAlone(start.ceremony, answer)).status).toBe(200);
    expect(await finishAlone(start.ceremony, answer)).toMatchObject({ status: 401, body: { message: EXPIRED } });

    const late = await startAlone();
    s.clock.advanceSeconds(181);
    expect(await finishAlone(late.ceremony, u.phone.get(late.options))).toMatchObject({
      status: 401,
      body: { message: EXPIRED },
    });
    // and the passkey without a counter goes on working
    expect((await signInWithPasskey(s, u.phone)).status).toBe(200);
  });

  it('refuses an answer for another challenge, another site (phishing) or another relying party', async () => {
    const u = await withPasskey();
    const first = await startAlone();
    const second = await startAlone();
    expect((await finishAlone(second.ceremony, u.phone.get(first.options))).status).toBe(401);

    const phished = await startAlone();
    const fromPhishingPage = u.phone.get(phished.options, { origin: 'https://kloof-digital.example' });
    expect(await finishAlone(phished.ceremony, fromPhishingPage)).toMatchObject({
      status: 401,
      body: { message: FAILED },
    });
  });

  it('refuses a cloned passkey: a signature counter that does not move forward', async () => {
    const u = await withPasskey();
    const earlier = await startAlone();
    const later = await startAlone();
    const older = u.phone.get(earlier.options); // counter 1
    const newer = u.phone.get(later.options); // counter 2
    expect((await finishAlone(later.ceremony, newer)).status).toBe(200);
    expect(await finishAlone(earlier.ceremony, older)).toMatchObject({ status: 401, body: { message: FAILED } });
  });

  it("refuses a passkey presented as another account's (its user handle)", async () => {
    const u = await withPasskey();
    const other = await createUser(s);
    const start = await startAlone();
    const answer = u.phone.get(start.options);
    answer.response.userHandle = Buffer.from(other.id).toString('base64url');
    expect(await finishAlone(start.ceremony, answer)).toMatchObject({ status: 401, body: { message: FAILED } });
  });

  it('a ceremony serves only the flow it was made for', async () => {
    const u = await withPasskey();
    const adding = (
      await s.api('POST', '/v1/current-user/passkeys/options', {
        token: u.accessToken,
        body: { currentPassword: u.password },
      })
    ).body;
    const signIn = await startAlone();
    const asSignIn = u.phone.get({ ...signIn.options });
    expect(await finishAlone(adding.ceremony, asSignIn)).toMatchObject({ status: 401, body: { message: EXPIRED } });
    const planted = await s.api('POST', '/v1/current-user/passkeys', {
      token: u.accessToken,
      body: { ceremony: signIn.ceremony, response: newAuthenticator(s).create(adding.options) },
    });
    expect(planted.status).toBe(409);
  });

  it('the owner signs in with a passkey from a new address while the password is under attack', async () => {
    const u = await withPasskey();
    const attacks: number[] = [];
    for (let i = 1; i <= 6; i++) attacks.push((await login(u.email, 'not the password', `203.0.113.${i}`)).status);
    expect(attacks.slice(-2)).toEqual([429, 429]);
    expect((await login(u.email, u.password, '192.0.2.99')).status).toBe(429);
    const owner = await signInWithPasskey(s, u.phone, {}, { 'x-forwarded-for': '192.0.2.99' });
    expect(owner.status).toBe(200);
  });
});

describe('a passkey as the second factor', () => {
  it("finishes a password sign-in with one of the account's own passkeys", async () => {
    const u = await withPasskey(newAuthenticator(s), { totp: true });
    const first = await login(u.email, u.password);
    expect(first.body).toEqual({ secondFactor: 'totp', challenge: expect.any(String), passkey: true });
    const start = await startSecond(first.body.challenge);
    expect(start.status).toBe(200);
    expect(start.body.options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'discouraged',
      allowCredentials: [{ id: u.phone.credentialIds[0], type: 'public-key' }],
    });
    const done = await finishSecond(first.body.challenge, start.body.ceremony, u.phone.get(start.body.options));
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email: u.email, settings: expect.any(Object) });
  });

  it('a passkey does not turn a second factor on: without the app, the password alone signs in as before', async () => {
    const u = await withPasskey();
    const res = await login(u.email, u.password);
    expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect((await startSecond(res.body.accessToken)).status).toBe(401);
  });

  it('says when the account has no passkey to offer', async () => {
    const u = await createUserWithTotp(s);
    const first = await login(u.email, u.password);
    expect(first.body.passkey).toBe(false);
    expect(await startSecond(first.body.challenge)).toMatchObject({
      status: 400,
      body: { message: 'Passkey not found' },
    });
  });

  it("refuses another account's passkey, a ceremony of another password step, and a late challenge", async () => {
    const u = await withPasskey(newAuthenticator(s), { totp: true });
    const intruder = await withPasskey();
    const { challenge } = (await login(u.email, u.password)).body;

    // the intruder's own passkey, for the victim's password step
    const start = (await startSecond(challenge)).body;
    const foreign = intruder.phone.get({ ...start.options, allowCredentials: [] });
    expect(await finishSecond(challenge, start.ceremony, foreign)).toMatchObject({
      status: 401,
      body: { message: FAILED },
    });

    // a ceremony belongs to the password step that asked for it
    const otherStep = (await login(u.email, u.password)).body.challenge;
    const forOther = (await startSecond(otherStep)).body;
    const answer = u.phone.get(forOther.options);
    expect(await finishSecond(challenge, forOther.ceremony, answer)).toMatchObject({
      status: 401,
      body: { message: EXPIRED },
    });

    // a sign-in-alone ceremony is no second factor's
    const alone = await startAlone();
    expect((await finishSecond(challenge, alone.ceremony, u.phone.get(alone.options))).status).toBe(401);

    const late = (await startSecond(challenge)).body;
    s.clock.advanceSeconds(301);
    expect(await finishSecond(challenge, late.ceremony, u.phone.get(late.options))).toMatchObject({
      status: 401,
      body: { message: 'Your sign-in has expired. Please enter your password again.' },
    });
  });
});

describe('passkey sign-in requests have their own limit per address', () => {
  it('asking for passkey options never uses up password sign-ins, and is limited on its own', async () => {
    const limited = await startTestServer({
      env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_LOGIN: '3', RATE_LIMIT_PASSKEY: '5' },
    });
    try {
      const u = await createUser(limited);
      const fromHere = { 'x-forwarded-for': '198.51.100.50' };
      const options: number[] = [];
      for (let i = 0; i < 6; i++)
        options.push((await limited.api('POST', '/v1/auth/passkey/options', { headers: fromHere })).status);
      expect(options).toEqual([200, 200, 200, 200, 200, 429]);
      const password = await limited.api('POST', '/v1/auth/login', {
        body: { email: u.email, password: u.password },
        headers: fromHere,
      });
      expect(password.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

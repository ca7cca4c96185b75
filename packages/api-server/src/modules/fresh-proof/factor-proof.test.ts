import { startTestServer, type TestServer } from '../../../testing/harness';
import { addPasskey, newAuthenticator, proveWithPasskey } from '../../../testing/passkeys';
import { createUserWithTotp, totpCodeAt } from '../../../testing/totp';
import { createUser, proveFresh, type TestUser } from '../../../testing/users';

// Taking a second factor away (turning the authenticator app off, removing the last passkey) needs
// a proof made with a factor: someone holding the password and a stolen token cannot do it.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/** The 403's words when only a factor will do (API_ERRORS.factor_proof_required). */
const FACTOR_NEEDED =
  'Please confirm it is you with your authenticator app, a recovery code or a passkey to make this change. Your password alone is not enough.';

const disableTotp = (u: TestUser) => s.api('POST', '/v1/current-user/totp/disable', { token: u.accessToken });
const totpOn = async (u: TestUser) =>
  (await s.api('GET', '/v1/current-user/totp', { token: u.accessToken })).body.enabled as boolean;
const proveWithCode = (u: TestUser, code: string) =>
  s.api('POST', '/v1/current-user/fresh-proof', { token: u.accessToken, body: { kind: 'totp', code } });
const removePasskey = (u: TestUser, id: string) =>
  s.api('POST', `/v1/current-user/passkeys/${id}/remove`, {
    token: u.accessToken,
    body: { currentPassword: u.password },
  });
const passkeyNames = async (u: TestUser) =>
  ((await s.api('GET', '/v1/current-user/passkeys', { token: u.accessToken })).body.items as { name: string }[]).map(
    (p) => p.name,
  );

describe('turning the authenticator app off', () => {
  it('is refused after a password proof: it asks for a code, and the app stays on', async () => {
    const u = await createUserWithTotp(s); // its session proved the password a moment ago
    await proveFresh(s, u);
    const refused = await disableTotp(u);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: FACTOR_NEEDED, feedback: { reason: 'fresh-proof-required', kinds: ['totp'] } },
    });
    expect(await totpOn(u)).toBe(true);
    expect((await proveWithCode(u, totpCodeAt(s, u.secret))).status).toBe(200);
    expect((await disableTotp(u)).status).toBe(204);
    expect(await totpOn(u)).toBe(false);
  });

  it('takes a recovery code when the app is lost, each once', async () => {
    const u = await createUserWithTotp(s);
    const [code] = u.recoveryCodes;
    expect((await proveWithCode(u, code!)).status).toBe(200);
    expect((await proveWithCode(u, code!)).status).toBe(400);
    expect((await disableTotp(u)).status).toBe(204);
  });

  it('takes a passkey of the account, and offers both factors', async () => {
    const u = await createUserWithTotp(s);
    const phone = newAuthenticator(s);
    expect((await addPasskey(s, u, phone)).status).toBe(201);
    expect((await disableTotp(u)).body.feedback.kinds).toEqual(['totp', 'passkey']);
    expect((await proveWithPasskey(s, u, phone)).status).toBe(200);
    expect((await disableTotp(u)).status).toBe(204);
  });
});

describe('removing passkeys', () => {
  it('the last one needs a proof with a factor; one of several needs the current password only', async () => {
    const u = await createUser(s);
    const laptop = newAuthenticator(s);
    const phone = newAuthenticator(s);
    const first = (await addPasskey(s, u, laptop, { name: 'Laptop' })).body;
    const second = (await addPasskey(s, u, phone, { name: 'Phone' })).body;
    await proveFresh(s, u);
    expect((await removePasskey(u, first.id)).status).toBe(204);
    const refused = await removePasskey(u, second.id);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: FACTOR_NEEDED, feedback: { reason: 'fresh-proof-required', kinds: ['passkey'] } },
    });
    expect(await passkeyNames(u)).toEqual(['Phone']);
    expect((await proveWithPasskey(s, u, phone)).status).toBe(200);
    expect((await removePasskey(u, second.id)).status).toBe(204);
    expect(await passkeyNames(u)).toEqual([]);
  });

  it('the last one goes with a code when the authenticator app is on (a lost phone)', async () => {
    const u = await createUserWithTotp(s);
    const lost = (await addPasskey(s, u, newAuthenticator(s))).body;
    expect((await removePasskey(u, lost.id)).body.feedback.kinds).toEqual(['totp', 'passkey']);
    expect((await proveWithCode(u, totpCodeAt(s, u.secret))).status).toBe(200);
    expect((await removePasskey(u, lost.id)).status).toBe(204);
  });
});

describe('a proof with a passkey', () => {
  it("is refused with options asked by another session, or with another account's passkey; each ceremony once", async () => {
    const u = await createUser(s);
    const phone = newAuthenticator(s);
    expect((await addPasskey(s, u, phone)).status).toBe(201);
    const otherSession = { ...u, ...(await signIn(u)) };
    const stolen = await proveWithPasskey(s, u, phone, otherSession);
    expect(stolen).toMatchObject({
      status: 409,
      body: { message: 'The passkey request has expired. Please try again.' },
    });

    const intruder = await createUser(s);
    const theirs = newAuthenticator(s);
    expect((await addPasskey(s, intruder, theirs)).status).toBe(201);
    const start = await s.api('POST', '/v1/current-user/fresh-proof/passkey/options', { token: u.accessToken });
    const answer = theirs.get({ ...start.body.options, allowCredentials: [] });
    const proof = (ceremony: string) =>
      s.api('POST', '/v1/current-user/fresh-proof', {
        token: u.accessToken,
        body: { kind: 'passkey', ceremony, response: answer },
      });
    expect(await proof(start.body.ceremony)).toMatchObject({
      status: 400,
      body: { message: 'The passkey could not be verified. Please try again.' },
    });
    expect(await proof(start.body.ceremony)).toMatchObject({
      status: 409,
      body: { message: 'The passkey request has expired. Please try again.' },
    });
  });

  it("refuses other kinds' fields sent along, naming each", async () => {
    const u = await createUser(s);
    const res = await s.api('POST', '/v1/current-user/fresh-proof', {
      token: u.accessToken,
      body: { kind: 'password', password: u.password, ceremony: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res).toMatchObject({ status: 400, body: { message: 'ceremony is not used with kind password' } });
    const several = await s.api('POST', '/v1/current-user/fresh-proof', {
      token: u.accessToken,
      body: {
        kind: 'password',
        password: u.password,
        code: '12345678',
        ceremony: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(several).toMatchObject({
      status: 400,
      body: { message: 'code and ceremony are not used with kind password' },
    });
  });

  it('is not offered to an account without passkeys', async () => {
    const u = await createUser(s);
    const start = await s.api('POST', '/v1/current-user/fresh-proof/passkey/options', { token: u.accessToken });
    expect(start).toMatchObject({ status: 400, body: { message: 'Passkey not found' } });
  });
});

async function signIn(u: TestUser) {
  const res = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
  expect(res.status).toBe(200);
  return { accessToken: res.body.accessToken as string, refreshToken: res.body.refreshToken as string };
}

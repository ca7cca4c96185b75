import { startTestServer, type TestServer } from '../../../testing/harness';
import { addPasskey, newAuthenticator } from '../../../testing/passkeys';
import { createUser, type TestUser } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const list = (u: TestUser) => s.api('GET', '/v1/current-user/passkeys', { token: u.accessToken });
const options = (u: TestUser, currentPassword = u.password) =>
  s.api('POST', '/v1/current-user/passkeys/options', { token: u.accessToken, body: { currentPassword } });
const add = (u: TestUser, body: unknown) => s.api('POST', '/v1/current-user/passkeys', { token: u.accessToken, body });
const rename = (u: TestUser, id: string, name: string) =>
  s.api('PATCH', `/v1/current-user/passkeys/${id}`, { token: u.accessToken, body: { name } });
const remove = (u: TestUser, id: string, currentPassword = u.password) =>
  s.api('POST', `/v1/current-user/passkeys/${id}/remove`, { token: u.accessToken, body: { currentPassword } });

describe('adding a passkey', () => {
  it('asks for a discoverable passkey of this site for this account, then keeps it with a name', async () => {
    const u = await createUser(s);
    const start = await options(u);
    expect(start.status).toBe(200);
    expect(start.body.ceremony).toMatch(/^[0-9a-f-]{36}$/);
    expect(start.body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Kloof Digital' },
      user: { id: Buffer.from(u.id).toString('base64url'), name: u.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true },
      excludeCredentials: [],
    });
    const phone = newAuthenticator(s);
    const added = await add(u, { ceremony: start.body.ceremony, response: phone.create(start.body.options) });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      name: 'Unknown browser on Unknown system',
      createdAt: s.clock.now().toISOString(),
      lastUsedAt: null,
      synced: false,
    });
    expect((await list(u)).body).toEqual({ items: [added.body] });
  });

  it('names it after the browser and system, or as the owner said', async () => {
    const u = await createUser(s);
    const named = await addPasskey(s, u, newAuthenticator(s), { headers: { 'user-agent': CHROME_ON_LINUX } });
    expect(named.body.name).toBe('Chrome on Linux');
    const own = await addPasskey(s, u, newAuthenticator(s), { name: '  Work laptop ' });
    expect(own.body.name).toBe('Work laptop');
  });

  it('never offers to make a second passkey on an authenticator that holds one', async () => {
    const u = await createUser(s);
    const phone = newAuthenticator(s);
    await addPasskey(s, u, phone);
    const again = await options(u);
    expect(again.body.options.excludeCredentials).toEqual([
      { id: phone.credentialIds[0], type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
  });

  it('needs the current password: a stolen token alone cannot plant a passkey', async () => {
    const u = await createUser(s);
    const wrong = await options(u, 'not my password');
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
    expect(wrong.body.ceremony).toBeUndefined();
    expect((await s.api('POST', '/v1/current-user/passkeys/options', { body: { currentPassword: 'x' } })).status).toBe(
      401,
    );
  });

  it('takes each ceremony once, and only within a few minutes', async () => {
    const u = await createUser(s);
    const phone = newAuthenticator(s);
    const start = (await options(u)).body;
    const response = phone.create(start.options);
    expect((await add(u, { ceremony: start.ceremony, response })).status).toBe(201);
    const replay = await add(u, { ceremony: start.ceremony, response });
    expect(replay).toMatchObject({
      status: 409,
      body: { message: 'The passkey request has expired. Please try again.' },
    });

    const late = (await options(u)).body;
    s.clock.advanceSeconds(181);
    const tooLate = await add(u, { ceremony: late.ceremony, response: phone.create(late.options) });
    expect(tooLate.status).toBe(409);
    expect((await list(u)).body.items).toHaveLength(1);
  });

  it('is bound to the session that asked: another session, or another account, cannot use its ceremony', async () => {
    const u = await createUser(s);
    const sameUserElsewhere = (
      await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } })
    ).body;
    const other = await createUser(s);
    const start = (await options(u)).body;
    const response = newAuthenticator(s).create(start.options);
    expect(
      (await add({ ...u, accessToken: sameUserElsewhere.accessToken }, { ceremony: start.ceremony, response })).status,
    ).toBe(409);
    // the failed try used the ceremony up: the session that asked cannot use it any more either
    expect((await add(u, { ceremony: start.ceremony, response })).status).toBe(409);

    const next = (await options(u)).body;
    expect(
      (await add(other, { ceremony: next.ceremony, response: newAuthenticator(s).create(next.options) })).status,
    ).toBe(409);
    expect((await list(u)).body.items).toEqual([]);
    expect((await list(other)).body.items).toEqual([]);
  });

  it('refuses a passkey made on another site (a phishing page), or for another challenge', async () => {
    const u = await createUser(s);
    const phone = newAuthenticator(s);
    const phished = (await options(u)).body;
    const fromElsewhere = phone.create(phished.options, { origin: 'https://kloof-digital.example' });
    const refused = await add(u, { ceremony: phished.ceremony, response: fromElsewhere });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'The passkey could not be verified. Please try again.' },
    });

    const first = (await options(u)).body;
    const second = (await options(u)).body;
    const answerToFirst = phone.create(first.options);
    expect(await add(u, { ceremony: second.ceremony, response: answerToFirst })).toMatchObject({
      status: 400,
      body: { message: 'The passkey could not be verified. Please try again.' },
    });
    expect((await list(u)).body.items).toEqual([]);
  });

  it('cannot claim a passkey another account holds (the same credential id with another key)', async () => {
    const victim = await createUser(s);
    const attacker = await createUser(s);
    const phone = newAuthenticator(s);
    await addPasskey(s, victim, phone);
    const claim = await addPasskey(s, attacker, newAuthenticator(s), {
      answer: { credentialId: phone.credentialIds[0] },
    });
    expect(claim).toMatchObject({ status: 409, body: { message: 'This passkey is already added to an account.' } });
    expect((await list(attacker)).body.items).toEqual([]);
  });
});

describe('naming and removing passkeys', () => {
  it('renames one, trimmed; a blank or too long name is refused', async () => {
    const u = await createUser(s);
    const { id } = (await addPasskey(s, u, newAuthenticator(s))).body;
    const renamed = await rename(u, id, ' iPhone ');
    expect(renamed).toMatchObject({ status: 200, body: { id, name: 'iPhone' } });
    expect((await rename(u, id, '   ')).status).toBe(400);
    expect((await rename(u, id, 'x'.repeat(65))).status).toBe(400);
    expect((await list(u)).body.items[0].name).toBe('iPhone');
  });

  it('removes one with the current password', async () => {
    const u = await createUser(s);
    const kept = (await addPasskey(s, u, newAuthenticator(s), { name: 'Kept' })).body;
    const gone = (await addPasskey(s, u, newAuthenticator(s), { name: 'Gone' })).body;
    const wrong = await remove(u, gone.id, 'not my password');
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });
    expect((await remove(u, gone.id)).status).toBe(204);
    expect((await list(u)).body.items.map((p: { name: string }) => p.name)).toEqual([kept.name]);
    expect(await remove(u, gone.id)).toMatchObject({ status: 404, body: { message: 'Passkey not found' } });
  });

  it("lists, renames and removes only the user's own: another account's passkey answers as one that does not exist", async () => {
    const owner = await createUser(s);
    const other = await createUser(s);
    const admin = await createUser(s, { roles: ['SuperAdmin'] });
    const passkey = (await addPasskey(s, owner, newAuthenticator(s), { name: 'Mine' })).body;
    for (const intruder of [other, admin]) {
      expect((await list(intruder)).body.items).toEqual([]);
      expect(await rename(intruder, passkey.id, 'Taken')).toMatchObject({
        status: 404,
        body: { message: 'Passkey not found' },
      });
      expect(await remove(intruder, passkey.id)).toMatchObject({ status: 404, body: { message: 'Passkey not found' } });
      const nowhere = await remove(intruder, '00000000-0000-4000-8000-000000000000');
      expect(nowhere.body).toEqual((await remove(intruder, passkey.id)).body);
    }
    expect((await list(owner)).body.items).toEqual([passkey]);
  });

  it('needs a signed-in user for every operation', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const options = { challenge: 'AAAA', rp: { name: 'Kloof Digital', id: 'localhost' }, pubKeyCredParams: [] };
    const response = newAuthenticator(s).create({ ...options, user: { id: 'AAAA', name: 'a', displayName: 'a' } });
    const calls = [
      await s.api('GET', '/v1/current-user/passkeys'),
      await s.api('POST', '/v1/current-user/passkeys', { body: { ceremony: id, response } }),
      await s.api('PATCH', `/v1/current-user/passkeys/${id}`, { body: { name: 'x' } }),
      await s.api('POST', `/v1/current-user/passkeys/${id}/remove`, { body: { currentPassword: 'x' } }),
    ];
    expect(calls.map((c) => c.status)).toEqual([401, 401, 401, 401]);
  });
});

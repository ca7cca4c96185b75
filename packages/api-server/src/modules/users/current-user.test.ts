import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { SYSTEM_USER_EMAILS: 'Ops@Kloof.digital, support@kloof.digital' } });
});
afterAll(async () => {
  await s.close();
});

describe('GET /v1/current-user', () => {
  it('returns the user, with settings only when include=[settings]', async () => {
    const u = await createUser(s);
    const plain = await s.api('GET', '/v1/current-user', { token: u.accessToken });
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({
      id: u.id,
      email: u.email,
      username: u.email.split('@')[0],
      fullName: '',
      company: '',
      phone: '',
      roles: [],
      verified: true,
      createdAt: expect.any(String),
    });
    const withSettings = await s.api('GET', '/v1/current-user?include=[settings]', { token: u.accessToken });
    expect(withSettings.body.settings).toEqual({ theme: 'system', newsletter: false });
  });

  it('works for unverified users too (the front end needs to know)', async () => {
    const u = await createUser(s, { verified: false });
    const res = await s.api('GET', '/v1/current-user', { token: u.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
  });
});

describe('PATCH /v1/current-user', () => {
  it('updates profile fields and merges settings', async () => {
    const u = await createUser(s);
    const res = await s.api('PATCH', '/v1/current-user', {
      token: u.accessToken,
      body: {
        username: 'newname',
        fullName: 'New Name',
        company: 'Co',
        phone: '+27 21 555 0143',
        settings: { theme: 'dark' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: 'newname',
      fullName: 'New Name',
      company: 'Co',
      phone: '+27 21 555 0143',
      settings: { theme: 'dark', newsletter: false },
    });
    const again = await s.api('PATCH', '/v1/current-user?include=[settings]', {
      token: u.accessToken,
      body: { settings: { newsletter: true } },
    });
    expect(again.body.settings).toEqual({ theme: 'dark', newsletter: true });
  });

  it.each([
    [{ roles: ['Admin'] }, 'roles is not allowed'],
    [{ verified: true }, 'verified is not allowed'],
    [{ settings: { theme: 'purple' } }, 'settings.theme must be one of: light, dark, system'],
    [{ username: '' }, 'username must not be empty'],
  ])('rejects %j with 400 "%s" and changes nothing', async (body, message) => {
    const u = await createUser(s);
    const res = await s.api('PATCH', '/v1/current-user', { token: u.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const me = await s.api('GET', '/v1/current-user', { token: u.accessToken });
    expect(me.body.roles).toEqual([]);
  });

  it('takes a phone number as people write it, refuses what is none with a field error, and clears it with ""', async () => {
    const u = await createUser(s);
    const patch = (phone: string) => s.api('PATCH', '/v1/current-user', { token: u.accessToken, body: { phone } });
    expect((await patch('(021) 555-0143')).body.phone).toBe('(021) 555-0143');
    for (const phone of ['abc', '12345', '+27 21 555 0143 9999 99', '021 555 0143 ext 2', '++27215550143']) {
      const res = await patch(phone);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', message: 'phone must be a valid phone number' });
    }
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).body.phone).toBe('(021) 555-0143');
    expect((await patch('')).body.phone).toBe('');
  });

  it('requires a token', async () => {
    expect((await s.api('PATCH', '/v1/current-user', { body: { username: 'x' } })).status).toBe(401);
  });
});

describe('POST /v1/current-user/password', () => {
  it('changes the password and signs out the other sessions only', async () => {
    const u = await createUser(s);
    const other = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
    const res = await s.api('POST', '/v1/current-user/password', {
      token: u.accessToken,
      body: { currentPassword: u.password, password: 'another good one', passwordConfirm: 'another good one' },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(200);
    expect((await s.api('GET', '/v1/current-user', { token: other.body.accessToken })).status).toBe(401);
    expect(
      (await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: other.body.refreshToken } })).status,
    ).toBe(401);
    expect(
      (await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: 'another good one' } })).status,
    ).toBe(200);
  });

  it('rejects a wrong current password and a mismatch with 400', async () => {
    const u = await createUser(s);
    const wrong = await s.api('POST', '/v1/current-user/password', {
      token: u.accessToken,
      body: { currentPassword: 'not my password', password: 'another good one', passwordConfirm: 'another good one' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const mismatch = await s.api('POST', '/v1/current-user/password', {
      token: u.accessToken,
      body: { currentPassword: u.password, password: 'another good one', passwordConfirm: 'another good two' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The passwords do not match.');
  });

  it('refuses a new password equal to the current one (400), and keeps the other sessions', async () => {
    const u = await createUser(s);
    const same = await s.api('POST', '/v1/current-user/password', {
      token: u.accessToken,
      body: { currentPassword: u.password, password: u.password, passwordConfirm: u.password },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('The new password must differ from your current one.');
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(200);
  });
});

describe('GET /v1/system-users', () => {
  it('lists the configured system user e-mails for any signed-in user', async () => {
    const u = await createUser(s, { verified: false });
    const res = await s.api('GET', '/v1/system-users', { token: u.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['ops@kloof.digital', 'support@kloof.digital']);
    expect((await s.api('GET', '/v1/system-users')).status).toBe(401);
  });
});

import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, PASSWORD, uniqueEmail } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('POST /v1/auth/register', () => {
  it('creates an unverified account and mails a 6-digit verification code', async () => {
    const email = uniqueEmail('reg');
    const res = await s.api('POST', '/v1/auth/register', {
      body: {
        username: 'reg',
        email,
        password: PASSWORD,
        fullName: 'Reg Ister',
        company: 'ACME',
        phone: '+27 21 000',
        message: 'Hello',
      },
    });
    expect(res.status).toBe(201);
    expect(typeof res.body.message).toBe('string');
    const mail = await latestMail(s, email);
    expect(mail?.subject).toContain('Verify');
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(mail?.code);
    // The link in the mail opens the verification page with the address filled in.
    expect(mail?.text).toContain(`/auth/account-verification?email=${encodeURIComponent(email)}`);
  });

  it('answers an existing e-mail exactly like a new one and mails an "already registered" note', async () => {
    const email = uniqueEmail('dup');
    const first = await s.api('POST', '/v1/auth/register', { body: { username: 'a', email, password: PASSWORD } });
    const second = await s.api('POST', '/v1/auth/register', {
      body: { username: 'b', email: email.toUpperCase(), password: 'another password' },
    });
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    // The answer is true for both: it never claims a code was sent (the second mail has none).
    expect(second.body).toEqual({
      message: 'Thanks for signing up. Check your e-mail: we sent the next step to your address.',
    });
    const mail = await latestMail(s, email);
    expect(mail?.subject).toMatch(/already have/i);
    expect(mail?.code).toBeUndefined();
  });

  it.each([
    [{ username: 'x', email: 'nobody@example.com', password: 'short' }, 'password must be at least 8 characters long'],
    [{ username: 'x', email: 'not-an-email', password: PASSWORD }, 'email must be a valid email'],
    [{ email: 'a@example.com', password: PASSWORD }, 'username is required'],
    [{ username: 'x', email: 'a@example.com', password: PASSWORD, roles: ['Admin'] }, 'roles is not allowed'],
    [{ username: 'x', email: 'a@example.com', password: PASSWORD, verified: true }, 'verified is not allowed'],
  ])('rejects %j with 400 "%s"', async (body, message) => {
    const res = await s.api('POST', '/v1/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'validation_failed', message, error: 'Bad Request' });
  });

  it('rejects malformed JSON and missing bodies with 400, never 500', async () => {
    const bad = await fetch(`${s.url}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/JSON/);
    const none = await s.api('POST', '/v1/auth/register');
    expect(none.status).toBe(400);
    const text = await fetch(`${s.url}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(400);
    expect(((await text.json()) as { message: string }).message).toBe('body must be of type object');
  });
});

describe('POST /v1/auth/login', () => {
  it('signs in an unverified user (verified=false) with tokens', async () => {
    const u = await createUser(s, { verified: false });
    const res = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: u.email, verified: false, roles: [] });
    expect(res.body.user.settings).toBeUndefined();
    const payload = JSON.parse(Buffer.from(res.body.accessToken.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(900);
  });

  it.each(['include=[settings]', 'include=settings', 'include=%5Bsettings%5D'])(
    'returns settings with %s',
    async (query) => {
      const u = await createUser(s);
      const res = await s.api('POST', `/v1/auth/login?${query}`, { body: { email: u.email, password: u.password } });
      expect(res.status).toBe(200);
      expect(res.body.user.settings).toEqual({ theme: 'system', newsletter: false });
      expect(res.body.user).toMatchObject({
        verified: true,
        username: expect.any(String),
        fullName: '',
        company: '',
        phone: '',
      });
      expect(new Date(res.body.user.createdAt).toISOString()).toBe(res.body.user.createdAt);
    },
  );

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const u = await createUser(s);
    const wrong = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: 'wrong password' } });
    const unknown = await s.api('POST', '/v1/auth/login', {
      body: { email: uniqueEmail('ghost'), password: 'wrong password' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'invalid_credentials',
        message: 'Invalid email or password',
        error: 'Unauthorized',
      });
    }
  });

  it('rejects a login without password with 400', async () => {
    const res = await s.api('POST', '/v1/auth/login', { body: { email: 'a@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('password is required');
  });
});

describe('account confirmation', () => {
  it('resends a code to an unverified account and confirms with it', async () => {
    const u = await createUser(s, { verified: false });
    const first = await latestMail(s, u.email);
    const resend = await s.api('POST', '/v1/auth/accountConfirmation', { body: { email: u.email } });
    expect(resend.status).toBe(200);
    const second = await latestMail(s, u.email);
    expect(second?.code).toMatch(/^\d{6}$/);
    // the older code died when the new one was issued (unless both happen to be equal)
    if (first?.code !== second?.code) {
      const old = await s.api('POST', '/v1/auth/accountConfirmation/confirm', {
        body: { email: u.email, otp: first?.code },
      });
      expect(old.status).toBe(400);
    }
    const ok = await s.api('POST', '/v1/auth/accountConfirmation/confirm', {
      body: { email: u.email, otp: second?.code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email: u.email, verified: true });
    const again = await s.api('POST', '/v1/auth/accountConfirmation/confirm', {
      body: { email: u.email, otp: second?.code },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid or expired code');
  });

  it('answers 200 for unknown and already verified e-mails without sending anything', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await s.api('POST', '/v1/auth/accountConfirmation', { body: { email: ghost } });
    expect(res.status).toBe(200);
    expect(await latestMail(s, ghost)).toBeUndefined();
    const u = await createUser(s);
    const before = await latestMail(s, u.email);
    const res2 = await s.api('POST', '/v1/auth/accountConfirmation', { body: { email: u.email } });
    expect(res2.body).toEqual(res.body);
    expect(await latestMail(s, u.email)).toEqual(before);
  });

  it('rejects a wrong code with 400 and an e-mail-less body with 400', async () => {
    const u = await createUser(s, { verified: false });
    const wrong = await s.api('POST', '/v1/auth/accountConfirmation/confirm', {
      body: { email: u.email, otp: '000000x' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid or expired code');
    const missing = await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { otp: '123456' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('email is required');
  });
});

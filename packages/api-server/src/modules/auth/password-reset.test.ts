import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, uniqueEmail } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  // What `WEB_PORT=8880 pnpm start` tells the API: the site is served at http://localhost:8880.
  s = await startTestServer({ env: { SITE_URL: 'http://localhost:8880' } });
});
afterAll(async () => {
  await s.close();
});

async function requestReset(email: string) {
  const res = await s.api('POST', '/v1/auth/forgetPassword', { body: { email } });
  expect(res.status).toBe(200);
  return (await latestMail(s, email))?.code as string;
}

describe('POST /v1/auth/forgetPassword', () => {
  it('mails an 8-digit reset code and a link to the address the site is served at; same answer for unknown e-mails', async () => {
    const u = await createUser(s);
    const known = await s.api('POST', '/v1/auth/forgetPassword', { body: { email: u.email } });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await s.api('POST', '/v1/auth/forgetPassword', { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await latestMail(s, unknownEmail)).toBeUndefined();
    const mail = await latestMail(s, u.email);
    expect(mail?.subject).toContain('Reset');
    expect(mail?.code).toMatch(/^\d{8}$/);
    // the link carries the address the code is bound to
    expect(mail?.text).toContain(
      `http://localhost:8880/auth/resetPassword/${mail?.code}?email=${encodeURIComponent(u.email)}`,
    );
  });

  it('stores codes hashed, never in clear text', async () => {
    const u = await createUser(s);
    const code = await requestReset(u.email);
    const rows = await s.app.db.selectFrom('otps').select('code_hash').execute();
    expect(rows.some((r) => r.code_hash.includes(code))).toBe(false);
  });
});

describe('POST /v1/auth/validOtp', () => {
  it('accepts a live code with its e-mail, without using it up (however often it is checked)', async () => {
    const u = await createUser(s);
    const code = await requestReset(u.email);
    for (let i = 0; i < 6; i++) {
      expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: u.email } })).body).toEqual({
        valid: true,
      });
    }
    const reset = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: u.email, password: 'new password 1', passwordConfirm: 'new password 1' },
    });
    expect(reset.status).toBe(200);
  });

  it('rejects a wrong code with 400 "Invalid or expired code"', async () => {
    const res = await s.api('POST', '/v1/auth/validOtp', { body: { otp: '12345678', email: uniqueEmail() } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'invalid_code',
      message: 'Invalid or expired code',
      error: 'Bad Request',
    });
  });

  it("needs the address the code was sent to: without it 400, with another account's address 400", async () => {
    const u = await createUser(s);
    const other = await createUser(s);
    const code = await requestReset(u.email);
    const bare = await s.api('POST', '/v1/auth/validOtp', { body: { otp: code } });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('email is required');
    expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: other.email } })).status).toBe(400);
    const reset = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, password: 'brand new pass', passwordConfirm: 'brand new pass' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe('email is required');
    expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: u.email } })).status).toBe(200);
  });
});

describe('POST /v1/auth/resetPassword', () => {
  it('sets the new password, uses the code once and signs out every session', async () => {
    const u = await createUser(s);
    const code = await requestReset(u.email);
    const res = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: u.email, password: 'brand new pass', passwordConfirm: 'brand new pass' },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(401);
    expect((await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
    expect((await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(
      401,
    );
    expect(
      (await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: 'brand new pass' } })).status,
    ).toBe(200);
    const again = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: u.email, password: 'third password', passwordConfirm: 'third password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid or expired code');
  });

  it('rejects mismatching passwords with 400 "The passwords do not match." and short ones with a clear message', async () => {
    const u = await createUser(s);
    const code = await requestReset(u.email);
    const mismatch = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: u.email, password: 'password one', passwordConfirm: 'password two' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The passwords do not match.');
    const short = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: u.email, password: 'short', passwordConfirm: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('password must be at least 8 characters long');
    // neither attempt used the code up
    expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: u.email } })).status).toBe(200);
  });

  it('lets a code expire after 10 minutes', async () => {
    const u = await createUser(s);
    const code = await requestReset(u.email);
    s.clock.advanceSeconds(9 * 60);
    expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: u.email } })).status).toBe(200);
    s.clock.advanceSeconds(61);
    const res = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: u.email, password: 'brand new pass', passwordConfirm: 'brand new pass' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired code');
  });

  it('refuses the code to a client after its 5 wrong tries made with the e-mail', async () => {
    const u = await createUser(s);
    const code = await requestReset(u.email);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) {
      const res = await s.api('POST', '/v1/auth/validOtp', { body: { otp: wrong, email: u.email } });
      expect(res.status).toBe(400);
    }
    const res = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: u.email, password: 'brand new pass', passwordConfirm: 'brand new pass' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired code');
  });

  it('a new request mails the live code again; late in its life a new one comes beside it, both valid until one is used', async () => {
    const u = await createUser(s);
    const first = await requestReset(u.email);
    expect(await requestReset(u.email)).toBe(first);
    expect((await latestMail(s, u.email))?.text).toContain('It is valid for 10 minutes.');
    s.clock.advanceSeconds(6 * 60);
    const second = await requestReset(u.email);
    expect((await latestMail(s, u.email))?.text).toContain('It is valid for 10 minutes.');
    for (const code of [first, second])
      expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: u.email } })).status).toBe(200);
    const reset = await s.api('POST', '/v1/auth/resetPassword', {
      body: { otp: first, email: u.email, password: 'brand new pass', passwordConfirm: 'brand new pass' },
    });
    expect(reset.status).toBe(200);
    expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: second, email: u.email } })).status).toBe(400);
  });
});

describe('verification codes', () => {
  it('are refused to a client after its 5 wrong tries', async () => {
    const u = await createUser(s, { verified: false });
    const code = (await latestMail(s, u.email))?.code as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email: u.email, otp: wrong } })).status,
      ).toBe(400);
    }
    const res = await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email: u.email, otp: code } });
    expect(res.status).toBe(400);
  });

  it('expire after 10 minutes', async () => {
    const u = await createUser(s, { verified: false });
    const code = (await latestMail(s, u.email))?.code as string;
    s.clock.advanceSeconds(601);
    expect(
      (await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email: u.email, otp: code } })).status,
    ).toBe(400);
  });

  it("stay valid when a new one is asked for: the mail repeats the owner's code", async () => {
    const u = await createUser(s, { verified: false });
    const code = (await latestMail(s, u.email))?.code as string;
    s.clock.advanceSeconds(60);
    expect((await s.api('POST', '/v1/auth/accountConfirmation', { body: { email: u.email } })).status).toBe(200);
    const again = await latestMail(s, u.email);
    expect(again?.code).toBe(code);
    expect(again?.text).toContain('within 9 minutes.');
    const res = await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email: u.email, otp: code } });
    expect(res.status).toBe(200);
  });

  it('are not accepted as reset codes', async () => {
    const u = await createUser(s, { verified: false });
    const code = (await latestMail(s, u.email))?.code as string;
    expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: u.email } })).status).toBe(400);
  });
});

import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser, PASSWORD, uniqueEmail } from '../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    env: {
      RATE_LIMIT_WINDOW_SECONDS: '60',
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_OTP: '2',
      RATE_LIMIT_RESET: '2',
      RATE_LIMIT_CONFIRMATION: '2',
    },
  });
});
afterAll(async () => {
  await s.close();
});

function expect429(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    statusCode: 429,
    code: 'rate_limited',
    message: 'Too many requests, please try again later.',
    error: 'Too Many Requests',
  });
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(60);
}

describe('rate limits (429 + Retry-After)', () => {
  it('limits login attempts per window and frees them when the window ends', async () => {
    const body = { email: uniqueEmail(), password: 'whatever password' };
    for (let i = 0; i < 3; i++) expect((await s.api('POST', '/v1/auth/login', { body })).status).toBe(401);
    expect429(await s.api('POST', '/v1/auth/login', { body }));
    s.clock.advanceSeconds(61);
    expect((await s.api('POST', '/v1/auth/login', { body })).status).toBe(401);
  });

  it('limits register', async () => {
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await s.api('POST', '/v1/auth/register', {
            body: { username: 'r', email: uniqueEmail(), password: PASSWORD },
          })
        ).status,
      ).toBe(201);
    }
    expect429(
      await s.api('POST', '/v1/auth/register', { body: { username: 'r', email: uniqueEmail(), password: PASSWORD } }),
    );
  });

  it('limits OTP checks (validOtp and confirm share the otp bucket)', async () => {
    expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: '12345678', email: uniqueEmail() } })).status).toBe(
      400,
    );
    expect(
      (await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email: uniqueEmail(), otp: '123456' } }))
        .status,
    ).toBe(400);
    expect429(await s.api('POST', '/v1/auth/validOtp', { body: { otp: '12345678', email: uniqueEmail() } }));
  });

  it('limits forget/reset password', async () => {
    expect((await s.api('POST', '/v1/auth/forgetPassword', { body: { email: uniqueEmail() } })).status).toBe(200);
    expect(
      (
        await s.api('POST', '/v1/auth/resetPassword', {
          body: { otp: '12345678', email: uniqueEmail(), password: PASSWORD, passwordConfirm: PASSWORD },
        })
      ).status,
    ).toBe(400);
    expect429(await s.api('POST', '/v1/auth/forgetPassword', { body: { email: uniqueEmail() } }));
  });

  it('limits resending the confirmation', async () => {
    for (let i = 0; i < 2; i++)
      expect((await s.api('POST', '/v1/auth/accountConfirmation', { body: { email: uniqueEmail() } })).status).toBe(
        200,
      );
    expect429(await s.api('POST', '/v1/auth/accountConfirmation', { body: { email: uniqueEmail() } }));
  });

  it('keeps counters in the database (shared by every instance), not in process memory', async () => {
    const rows = await s.app.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.map((r) => r.key.split(':')[0]).sort()).toEqual(
      expect.arrayContaining(['confirmation', 'login', 'otp', 'register', 'reset']),
    );
  });

  it('does not limit other endpoints', async () => {
    s.clock.advanceSeconds(61);
    // createUser registers + confirms + logs in: fits in the fresh window
    const u = await createUser(s);
    for (let i = 0; i < 5; i++)
      expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(200);
  });
});

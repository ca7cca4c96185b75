import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, uniqueEmail } from '../../../testing/users';

const WEAK =
  'This password is too common: it appears in lists of leaked passwords or is easy to guess. Please choose another, for example a few unrelated words.';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const register = (password: string, email = uniqueEmail('weak')) =>
  s.api('POST', '/v1/auth/register', { body: { username: 'Ann', email, password } });

describe('no common or leaked passwords', () => {
  it.each(['password1234', 'Password1234', 'qwertyuiop', 'iloveyou', '11111111', 'football1', 'P@ssw0rd'])(
    'sign-up refuses %s with a clear message',
    async (password) => {
      const res = await register(password);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(WEAK);
    },
  );

  it('refuses a password made of the address itself', async () => {
    const res = await register('annmokoena2026', 'ann.mokoena@example.com');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(WEAK);
  });

  it('accepts a long unusual one, and the short-password rule keeps its own text', async () => {
    expect((await register('violet tractor umbrella')).status).toBe(201);
    const short = await register('abc');
    expect(short.status).toBe(400);
    expect(short.body.message).not.toBe(WEAK);
  });

  it('the same answer whether the address has an account or not', async () => {
    const u = await createUser(s);
    const known = await register('password1234', u.email);
    const unknown = await register('password1234');
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
  });

  it('a reset refuses it without using the code up', async () => {
    const u = await createUser(s);
    await s.api('POST', '/v1/auth/forgetPassword', { body: { email: u.email } });
    const code = (await latestMail(s, u.email))?.code as string;
    const reset = (password: string) =>
      s.api('POST', '/v1/auth/resetPassword', {
        body: { otp: code, email: u.email, password, passwordConfirm: password },
      });
    const weak = await reset('letmein123');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(WEAK);
    expect((await reset('violet tractor umbrella')).status).toBe(200);
  });

  it('a password change refuses it', async () => {
    const u = await createUser(s);
    const change = (password: string) =>
      s.api('POST', '/v1/current-user/password', {
        token: u.accessToken,
        body: { currentPassword: u.password, password, passwordConfirm: password },
      });
    const weak = await change('sunshine1');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(WEAK);
    expect((await change('violet tractor umbrella')).status).toBe(200);
  });
});

import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, uniqueEmail } from '../../../testing/users';

const IS_EMAIL = 'Your password must not be your e-mail address or the part before the @. Please choose another.';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const register = (email: string, password: string) =>
  s.api('POST', '/v1/auth/register', { body: { username: 'Ann', email, password } });

describe("the account's e-mail address is no password", () => {
  it('sign-up refuses the address, in any case, and its part before the @ when that is 8 characters or more', async () => {
    for (const [email, password] of [
      ['thandeka.nkosi@example.com', 'thandeka.nkosi@example.com'],
      ['thandeka.nkosi@example.com', 'Thandeka.Nkosi@Example.COM'],
      ['thandeka.nkosi@example.com', 'thandeka.nkosi'],
      ['user-1234abcd@example.com', 'USER-1234ABCD'],
    ]) {
      const res = await register(email!, password!);
      expect([password, res.status, res.body.message]).toEqual([password, 400, IS_EMAIL]);
    }
  });

  it('a reset refuses it without using the code up', async () => {
    const u = await createUser(s, { email: uniqueEmail('reset-as-email') });
    await s.api('POST', '/v1/auth/forgetPassword', { body: { email: u.email } });
    const code = (await latestMail(s, u.email))?.code as string;
    const reset = (password: string) =>
      s.api('POST', '/v1/auth/resetPassword', {
        body: { otp: code, email: u.email, password, passwordConfirm: password },
      });
    const refused = await reset(u.email);
    expect([refused.status, refused.body.message]).toEqual([400, IS_EMAIL]);
    expect((await reset('violet tractor umbrella')).status).toBe(200);
  });

  it('a password change refuses it', async () => {
    const u = await createUser(s, { email: uniqueEmail('change-as-email') });
    const change = (password: string) =>
      s.api('POST', '/v1/current-user/password', {
        token: u.accessToken,
        body: { currentPassword: u.password, password, passwordConfirm: password },
      });
    for (const password of [u.email, u.email.split('@')[0]!]) {
      const refused = await change(password);
      expect([password, refused.status, refused.body.message]).toEqual([password, 400, IS_EMAIL]);
    }
    expect((await change('violet tractor umbrella')).status).toBe(200);
  });
});

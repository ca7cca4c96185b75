import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestServer } from './harness';

export const PASSWORD = 'correct horse battery';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/**
 * The newest outbox mail for an address (through the dev endpoint, like the front end's e2e would),
 * once the mail worker has delivered everything that was queued.
 */
export async function latestMail(s: TestServer, to: string) {
  await s.app.mailQueue.drain();
  const res = await s.api('GET', `/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
  return res.body.items[0] as { subject: string; text: string; html?: string; code?: string } | undefined;
}

/** Registers through the API; verifies with the mailed code unless verified=false; signs in. */
export async function createUser(
  s: TestServer,
  opts: { verified?: boolean; roles?: string[]; email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  const reg = await s.api('POST', '/v1/auth/register', { body: { username: email.split('@')[0], email, password } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  if (opts.verified !== false && s.app.mailer.mode !== 'outbox') {
    // Real SMTP (mail tests): no outbox to read the code from; verify directly.
    await sql`update users set verified = true where email = ${email}`.execute(s.app.db);
  } else if (opts.verified !== false) {
    const mail = await latestMail(s, email);
    const confirm = await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email, otp: mail?.code } });
    if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
  }
  if (opts.roles?.length) {
    const roles = JSON.stringify(opts.roles);
    await sql`update users set roles = array(select jsonb_array_elements_text(cast(${roles}::text as jsonb))) where email = ${email}`.execute(
      s.app.db,
    );
  }
  const login = await s.api('POST', '/v1/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return {
    id: login.body.user.id,
    email,
    password,
    accessToken: login.body.accessToken,
    refreshToken: login.body.refreshToken,
  };
}

/** Proves the session of `token` with the user's password: changes that need a fresh proof go through for a while. */
export async function proveFresh(s: TestServer, user: { accessToken: string; password: string }) {
  const res = await s.api('POST', '/v1/current-user/fresh-proof', {
    token: user.accessToken,
    body: { kind: 'password', password: user.password },
  });
  if (res.status !== 200) throw new Error(`fresh proof failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { kind: string; provedAt: string; validUntil: string };
}

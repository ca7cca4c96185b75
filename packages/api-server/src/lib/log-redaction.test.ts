import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../testing/harness';
import { latestMail, PASSWORD, uniqueEmail } from '../../testing/users';
import { CENSOR, serializeError } from './log-redaction';

/**
 * The API's own logger (level info, its redaction), its stream captured, through a real succeeding
 * flow (sign-up, code, sign-in, refresh, reset) and a real database failure (an insert rejected by a
 * trigger, so the failing statement carries an e-mail, a username and a password hash as parameters).
 */
describe('logs never carry secrets or SQL parameters', () => {
  let s: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({
      env: { LOG_LEVEL: 'info' },
      build: { logStream: { write: (l) => void lines.push(l) } },
    });
  });
  afterAll(async () => s.close());

  it('leaves out passwords, hashes, tokens, codes and the values of a failing statement', async () => {
    const email = uniqueEmail('logged');
    expect(
      (await s.api('POST', '/v1/auth/register', { body: { username: 'logged', email, password: PASSWORD } })).status,
    ).toBe(201);
    const code = (await latestMail(s, email))?.code as string;
    expect((await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email, otp: code } })).status).toBe(
      200,
    );
    const login = await s.api('POST', '/v1/auth/login', {
      body: { email, password: PASSWORD },
      headers: { cookie: 'session=cookie-secret-value' },
    });
    expect(login.status).toBe(200);
    const refresh = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: login.body.refreshToken } });
    expect(refresh.status).toBe(200);
    expect((await s.api('GET', '/v1/current-user', { token: refresh.body.accessToken })).status).toBe(200);
    expect((await s.api('POST', '/v1/auth/forgetPassword', { body: { email } })).status).toBeLessThan(300);
    const resetCode = (await latestMail(s, email))?.code as string;
    const wrongPassword = 'a wrong password 123';
    expect((await s.api('POST', '/v1/auth/login', { body: { email, password: wrongPassword } })).status).toBe(401);

    // A real failure inside the database on an insert whose parameters include a password hash.
    await sql
      .raw(
        `create or replace function reject_users() returns trigger language plpgsql as $$ begin raise exception 'users are closed'; end $$`,
      )
      .execute(s.app.db);
    await sql
      .raw(`create trigger reject_users before insert on users for each row execute function reject_users()`)
      .execute(s.app.db);
    const failing = uniqueEmail('rejected');
    const failed = await s.api('POST', '/v1/auth/register', {
      body: { username: 'rejected-username', email: failing, password: 'the rejected password' },
    });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: 'Internal server error',
      error: 'Internal Server Error',
    });

    const hashes = (await s.app.db.selectFrom('users').select('password_hash').execute()).map((r) => r.password_hash);
    const log = lines.join('');
    // The failure is logged, with what went wrong...
    const errorLine = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(errorLine?.err?.message).toContain('users are closed');
    expect(errorLine?.err).not.toHaveProperty('params');
    // ...and nothing anywhere in the log quotes a secret or a statement's values.
    const secrets = {
      password: PASSWORD,
      wrongPassword,
      rejectedPassword: 'the rejected password',
      rejectedEmail: failing,
      rejectedUsername: 'rejected-username',
      code,
      resetCode,
      accessToken: login.body.accessToken,
      refreshToken: login.body.refreshToken,
      refreshedAccess: refresh.body.accessToken,
      cookie: 'cookie-secret-value',
      ...Object.fromEntries(hashes.map((h, i) => [`hash${i}`, h])),
      argon2: '$argon2id$',
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect([name, log.includes(secret)]).toEqual([name, false]);
    }
    expect(lines.length).toBeGreaterThan(10); // the requests were logged, only without their secrets
  });
});

describe('error serializer', () => {
  it('keeps type, message, SQLSTATE and constraint; drops parameters, details and quoted input of database errors', () => {
    const err = Object.assign(new Error('invalid input syntax for type uuid: "urn:uuid:secret-value"'), {
      severity: 'ERROR',
      code: '22P02',
      constraint: 'users_email_key',
      params: ['alice@example.com', '$argon2id$v=19$hash'],
      detail: 'Key (email)=(alice@example.com) already exists.',
      query: 'insert into users values ($1, $2)',
    });
    const out = serializeError(err) as Record<string, unknown>;
    expect(out).toMatchObject({ type: 'Error', code: '22P02', constraint: 'users_email_key' });
    expect(out.message).toBe(`invalid input syntax for type uuid: "${CENSOR}"`);
    expect(JSON.stringify(out)).not.toMatch(/alice|argon2|secret-value/);
    const wrapped = serializeError(new Error('outer', { cause: err })) as { cause: Record<string, unknown> };
    expect(JSON.stringify(wrapped)).not.toMatch(/alice|argon2/);
  });
});

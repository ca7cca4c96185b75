import { sql } from 'kysely';
import { ensureFirstAdmin } from '../../startup/first-admin';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, proveFresh } from '../../../testing/users';

// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (scripts/with-postgres.sh): on
// PostgreSQL the requests really run side by side on separate connections.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const ROUNDS = 3;
/** Races that lose only now and then on PostgreSQL get more tries. */
const RACE_ROUNDS = 10;

const noSuperAdmins = () =>
  sql`update users set roles = array_remove(roles, 'SuperAdmin') where 'SuperAdmin' = any(roles)`.execute(s.app.db);

describe('code tries are counted atomically', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => [i + 1]))(
    'round %i: 12 concurrent wrong guesses and the right one never get more than 5 tries',
    async () => {
      const u = await createUser(s);
      await s.api('POST', '/v1/auth/forgetPassword', { body: { email: u.email } });
      const code = (await latestMail(s, u.email))?.code as string;
      const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + i + 1) % 1e8).padStart(8, '0'));
      const guesses = [...wrong, code].map((otp) =>
        s.api('POST', '/v1/auth/resetPassword', {
          body: { otp, email: u.email, password: 'guessed password', passwordConfirm: 'guessed password' },
        }),
      );
      const results = await Promise.all(guesses);
      const accepted = results.filter((r) => r.status === 200).length;
      const row = await s.app.db
        .selectFrom('otps')
        .innerJoin('users', 'users.id', 'otps.user_id')
        .select(['otps.attempts', 'otps.used_at'])
        .where('users.email', '=', u.email)
        .where('otps.purpose', '=', 'reset')
        .executeTakeFirstOrThrow();
      expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
      expect(accepted).toBeLessThanOrEqual(1);
      // wrong tries counted + the right one (if it got in) never exceed the limit
      expect(row.attempts + accepted).toBeLessThanOrEqual(s.config.otpMaxAttempts);
      if (!accepted) expect(row.attempts).toBe(s.config.otpMaxAttempts);
      console.info(
        `[${s.app.dbKind}] codes: 12 wrong + 1 right at once -> right accepted: ${accepted === 1}, wrong counted: ${row.attempts}`,
      );
    },
  );

  it("junk sent with someone's address does not burn their code", async () => {
    const u = await createUser(s);
    await s.api('POST', '/v1/auth/forgetPassword', { body: { email: u.email } });
    const code = (await latestMail(s, u.email))?.code as string;
    const junk = ['abc', '1234', '123456789', '12 34 56', '', '-1234567'];
    const answers = await Promise.all(
      [...junk, ...junk].map((otp) =>
        s.api('POST', '/v1/auth/validOtp', { body: { otp: otp || 'x', email: u.email } }),
      ),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect((await s.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: u.email } })).status).toBe(200);
  });
});

describe('refresh rotation is one compare-and-swap', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => [i + 1]))(
    'round %i: 50 parallel refreshes with one token inside the grace window all get the same new pair',
    async () => {
      const u = await createUser(s);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } }),
        ),
      );
      const ok = results.filter((r) => r.status === 200);
      const pairs = new Set(ok.map((r) => `${r.body.accessToken} ${r.body.refreshToken}`));
      console.info(
        `[${s.app.dbKind}] refresh: 50 parallel in grace -> ${ok.length} x 200, ${pairs.size} distinct pair`,
      );
      expect(ok).toHaveLength(50);
      expect(pairs.size).toBe(1);
      const [pair] = ok;
      expect((await s.api('GET', '/v1/current-user', { token: pair?.body.accessToken })).status).toBe(200);
      const sessions = await s.app.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', u.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(sessions).toHaveLength(2); // the used token and its one successor
    },
  );

  it.each(Array.from({ length: ROUNDS }, (_, i) => [i + 1]))(
    'round %i: 50 parallel replays after the grace window revoke the family, none gets a session',
    async () => {
      const u = await createUser(s);
      const rotated = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
      expect(rotated.status).toBe(200);
      s.clock.advanceSeconds(s.config.refreshGraceSeconds + 1);
      const replays = await Promise.all(
        Array.from({ length: 50 }, () =>
          s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } }),
        ),
      );
      const ok = replays.filter((r) => r.status === 200).length;
      console.info(`[${s.app.dbKind}] refresh: 50 parallel replays after grace -> ${ok} x 200`);
      expect(ok).toBe(0);
      expect(
        (await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: rotated.body.refreshToken } })).status,
      ).toBe(401);
      expect((await s.api('GET', '/v1/current-user', { token: rotated.body.accessToken })).status).toBe(401);
    },
  );

  it.each(Array.from({ length: RACE_ROUNDS }, (_, i) => [i + 1]))(
    'round %i: a replay racing the legitimate refresh of the successor still revokes everything',
    async () => {
      const u = await createUser(s);
      const rotated = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
      s.clock.advanceSeconds(s.config.refreshGraceSeconds + 1);
      const [legit] = await Promise.all([
        s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: rotated.body.refreshToken } }),
        s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } }),
      ]);
      const after = legit?.status === 200 ? legit.body : rotated.body;
      expect((await s.api('GET', '/v1/current-user', { token: after.accessToken })).status).toBe(401);
      expect(
        (await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: after.refreshToken } })).status,
      ).toBe(401);
    },
  );

  it.each(Array.from({ length: RACE_ROUNDS }, (_, i) => [i + 1]))(
    'round %i: sign-ins with the old password racing a password change never keep a session',
    async () => {
      s.clock.advanceSeconds(s.config.rateLimits.windowSeconds); // a fresh rate-limit window per round
      const u = await createUser(s);
      const change = s.api('POST', '/v1/current-user/password', {
        token: u.accessToken,
        body: { currentPassword: u.password, password: 'a brand new secret', passwordConfirm: 'a brand new secret' },
      });
      const logins = await Promise.all(
        Array.from({ length: 4 }, () =>
          s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } }),
        ),
      );
      expect((await change).status).toBe(200);
      for (const login of logins.filter((l) => l.status === 200)) {
        expect((await s.api('GET', '/v1/current-user', { token: login.body.accessToken })).status).toBe(401);
      }
    },
  );

  it.each(Array.from({ length: RACE_ROUNDS }, (_, i) => [i + 1]))(
    'round %i: a password change ends a second session that keeps refreshing while it runs',
    async () => {
      s.clock.advanceSeconds(s.config.rateLimits.windowSeconds); // a fresh rate-limit window per round
      const victim = await createUser(s);
      const stolen = await s.api('POST', '/v1/auth/login', {
        body: { email: victim.email, password: victim.password },
      });
      let latest = stolen.body as { accessToken: string; refreshToken: string };
      let changed = false;
      const change = s
        .api('POST', '/v1/current-user/password', {
          token: victim.accessToken,
          body: {
            currentPassword: victim.password,
            password: 'a brand new secret',
            passwordConfirm: 'a brand new secret',
          },
        })
        .finally(() => (changed = true));
      // The thief rotates back to back until the change has answered: some rotation overlaps the revocation.
      while (!changed) {
        const next = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: latest.refreshToken } });
        if (next.status !== 200) break;
        latest = next.body;
      }
      expect((await change).status).toBe(200);
      expect((await s.api('GET', '/v1/current-user', { token: latest.accessToken })).status).toBe(401);
      expect((await s.api('GET', '/v1/current-user', { token: victim.accessToken })).status).toBe(200);
    },
  );
});

describe('at least one SuperAdmin remains', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => [i + 1]))(
    'round %i: two SuperAdmins demoting each other at the same moment: one wins, one SuperAdmin is left',
    async () => {
      // make these two the only SuperAdmins
      await noSuperAdmins();
      const a = await createUser(s, { roles: ['Admin', 'SuperAdmin'] });
      const b = await createUser(s, { roles: ['Admin', 'SuperAdmin'] });
      await Promise.all([proveFresh(s, a), proveFresh(s, b)]);
      const [ab, ba] = await Promise.all([
        s.api('PATCH', `/v1/users/${b.id}`, { token: a.accessToken, body: { roles: ['Admin'] } }),
        s.api('PATCH', `/v1/users/${a.id}`, { token: b.accessToken, body: { roles: ['Admin'] } }),
      ]);
      const statuses = [ab?.status, ba?.status].sort();
      const left = await s.app.db
        .selectFrom('users')
        .select('email')
        .where(sql<boolean>`'SuperAdmin' = any(roles)`)
        .execute();
      console.info(`[${s.app.dbKind}] SuperAdmins demoting each other -> ${statuses.join(', ')}, left: ${left.length}`);
      expect(left).toHaveLength(1);
      expect(statuses[0]).toBe(200);
      expect([401, 403]).toContain(statuses[1]); // the loser was demoted (and signed out) first
    },
  );
});

describe('bootstrap tokens', () => {
  it('only the newest token works, and only until it expires', async () => {
    await noSuperAdmins();
    const tokens: string[] = [];
    await ensureFirstAdmin(s.app, (t) => tokens.push(t));
    await ensureFirstAdmin(s.app, (t) => tokens.push(t)); // a restart prints a new one
    const body = (token: string) => ({
      token,
      email: `boot-${tokens.length}@example.com`,
      password: 'bootstrap pass 1',
      username: 'boot',
    });
    expect(
      await s.app.db.selectFrom('bootstrap_tokens').select('id').where('used_at', 'is', null).execute(),
    ).toHaveLength(1);
    const old = await s.api('POST', '/v1/auth/bootstrap', { body: body(tokens[0] as string) });
    expect(old.status).toBe(401);
    s.clock.advanceSeconds(s.config.bootstrapTokenTtl + 1);
    const expired = await s.api('POST', '/v1/auth/bootstrap', { body: body(tokens[1] as string) });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Invalid bootstrap token');
    await ensureFirstAdmin(s.app, (t) => tokens.push(t));
    expect((await s.api('POST', '/v1/auth/bootstrap', { body: body(tokens[2] as string) })).status).toBe(201);
  });
});

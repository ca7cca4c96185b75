import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { ACCESS_TOKEN_TTL: '60', REFRESH_TOKEN_TTL: '3600', SESSION_MAX_AGE: '36000' } });
});
afterAll(async () => {
  await s.close();
});

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString()) as { exp: number; iat: number };

describe('access tokens', () => {
  it('rejects a missing, malformed or forged token with 401 "Unauthorized"', async () => {
    const u = await createUser(s);
    const forged = u.accessToken.slice(0, -4) + 'AAAA';
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${forged}` },
    ];
    for (const headers of variants) {
      const res = await s.api('GET', '/v1/current-user', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'unauthorized',
        message: 'Unauthorized',
        error: 'Unauthorized',
      });
    }
  });

  it('does not accept a refresh token as an access token', async () => {
    const u = await createUser(s);
    const res = await s.api('GET', '/v1/current-user', { token: u.refreshToken });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Unauthorized');
  });

  it('answers an expired access token with 401 TokenExpiredError and feedback.expiredAt', async () => {
    const u = await createUser(s);
    const { exp } = decode(u.accessToken);
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(200);
    s.clock.advanceSeconds(61);
    const res = await s.api('GET', '/v1/current-user', { token: u.accessToken });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      statusCode: 401,
      code: 'token_expired',
      message: 'TokenExpiredError',
      error: 'Unauthorized',
      feedback: { expiredAt: new Date(exp * 1000).toISOString() },
    });
    // the refresh token still works and gives a fresh access token
    const refreshed = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await s.api('GET', '/v1/current-user', { token: refreshed.body.accessToken })).status).toBe(200);
  });
});

/** A replay of `used` (after its grace) answers 401 and ends its family: `rotated`, its newer pair, is dead too. */
async function expectReplayEndsFamily(used: string, rotated: { refreshToken: string; accessToken: string }) {
  const replay = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: used } });
  expect(replay.status).toBe(401);
  expect(replay.body.message).toBe('Invalid refresh token');
  const next = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: rotated.refreshToken } });
  expect(next.status).toBe(401);
  expect((await s.api('GET', '/v1/current-user', { token: rotated.accessToken })).status).toBe(401);
}

describe('POST /v1/auth/refreshToken', () => {
  it('rotates on every use: the old refresh token stops working', async () => {
    const u = await createUser(s);
    const first = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(first.body.refreshToken).not.toBe(u.refreshToken);
    const second = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: first.body.refreshToken } });
    expect(second.status).toBe(200);
  });

  it('answers a duplicate within the grace window with the same new pair (no sign-out)', async () => {
    const u = await createUser(s);
    const rotated = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    s.clock.advanceSeconds(s.config.refreshGraceSeconds - 1);
    const duplicate = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    expect(duplicate.status).toBe(200);
    expect(duplicate.body).toEqual(rotated.body);
    expect((await s.api('GET', '/v1/current-user', { token: duplicate.body.accessToken })).status).toBe(200);
    const next = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: rotated.body.refreshToken } });
    expect(next.status).toBe(200);
  });

  it('revokes the whole family when a used refresh token is presented again after the grace window', async () => {
    const u = await createUser(s);
    const rotated = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    expect(rotated.status).toBe(200);
    s.clock.advanceSeconds(s.config.refreshGraceSeconds + 1);
    // the legitimate newer tokens of that family are dead too
    await expectReplayEndsFamily(u.refreshToken, rotated.body);
  });

  it('keeps a used refresh token only for its grace: pruned after it, a replay still revokes the family', async () => {
    const u = await createUser(s);
    const rotated = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    expect(rotated.status).toBe(200);
    const rows = () =>
      s.app.db.selectFrom('sessions').select('used_at').where('user_id', '=', u.id).orderBy('created_at').execute();
    await s.app.prune();
    expect((await rows()).length).toBe(2); // within the grace the duplicate still needs the used row
    s.clock.advanceSeconds(s.config.refreshGraceSeconds + 1);
    await s.app.prune();
    expect(await rows()).toEqual([{ used_at: null }]); // only the live successor is left
    await expectReplayEndsFamily(u.refreshToken, rotated.body);
  });

  it('keeps other sessions of the same user alive when one family is revoked', async () => {
    const u = await createUser(s);
    const other = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
    await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    s.clock.advanceSeconds(s.config.refreshGraceSeconds + 1);
    expect((await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
    expect((await s.api('GET', '/v1/current-user', { token: other.body.accessToken })).status).toBe(200);
  });

  it('ends a session SESSION_MAX_AGE after sign-in, however often it is refreshed', async () => {
    const u = await createUser(s);
    let refreshToken = u.refreshToken;
    // 11 refreshes, 50 minutes apart (each within the 1-hour refresh lifetime), up to 9h10 of 10 h
    for (let i = 0; i < 11; i++) {
      s.clock.advanceSeconds(3000);
      const res = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken } });
      expect(res.status).toBe(200);
      refreshToken = res.body.refreshToken;
    }
    s.clock.advanceSeconds(3000); // 10 h after sign-in: the last token was cut to the session's end
    const late = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken } });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('jwt expired');
  });

  it('stores refresh tokens hashed', async () => {
    const u = await createUser(s);
    const rows = await s.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === u.refreshToken)).toBe(false);
  });

  it('answers an expired refresh token with 401 "jwt expired"', async () => {
    const u = await createUser(s);
    s.clock.advanceSeconds(3601);
    const res = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      statusCode: 401,
      code: 'session_expired',
      message: 'jwt expired',
      error: 'Unauthorized',
    });
  });

  it('answers an unknown or garbage refresh token with 401 "Invalid refresh token" and a missing one with 400', async () => {
    const garbage = await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: 'abc.def.ghi' } });
    expect(garbage.status).toBe(401);
    expect(garbage.body.message).toBe('Invalid refresh token');
    const missing = await s.api('POST', '/v1/auth/refreshToken', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('refreshToken is required');
  });
});

describe('POST /v1/auth/logout', () => {
  it('answers 204 and revokes the session family (refresh and access token)', async () => {
    const u = await createUser(s);
    const res = await s.api('POST', '/v1/auth/logout', { body: { refreshToken: u.refreshToken } });
    expect(res.status).toBe(204);
    expect((await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(401);
  });

  it('is idempotent and quiet for unknown tokens', async () => {
    expect((await s.api('POST', '/v1/auth/logout', { body: { refreshToken: 'nope' } })).status).toBe(204);
  });
});

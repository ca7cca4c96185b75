import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { startTestServer, testConfig, type TestServer } from '../../testing/harness';
import { createUser, proveFresh } from '../../testing/users';
import { untilStatus } from '../../testing/until-status';

// One instance (PGlite, or PostgreSQL in the TEST_POSTGRES run) caching session and role reads for
// a whole minute here: only invalidation can end a cached session before then. One instance for the
// file: each test revokes users of its own.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { ...testConfig(), authCacheMs: 60_000 } });
});
afterAll(async () => {
  await s.close();
});

describe('a cached session ends as soon as it is revoked', () => {
  it('on the very next request after a sign-out on the same instance', async () => {
    const user = await createUser(s);
    const me = () => s.api('GET', '/v1/current-user', { token: user.accessToken });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);
    expect((await s.api('POST', '/v1/auth/logout', { body: { refreshToken: user.refreshToken } })).status).toBe(204);
    expect((await me()).status).toBe(401);
  });

  it('on the very next request after a role change through the API', async () => {
    const boss = await createUser(s, { roles: ['SuperAdmin'] });
    const admin = await createUser(s, { roles: ['Admin'] });
    expect((await s.api('GET', '/v1/users', { token: admin.accessToken })).status).toBe(200);
    await proveFresh(s, boss);
    const demoted = await s.api('PATCH', `/v1/users/${admin.id}`, { token: boss.accessToken, body: { roles: [] } });
    expect(demoted.status).toBe(200);
    expect((await s.api('GET', '/v1/users', { token: admin.accessToken })).status).toBe(401);
  });

  it('within 1 s of a change the API did not make (plain SQL: the database announces it)', async () => {
    const admin = await createUser(s, { roles: ['Admin'] });
    const users = async () => (await s.api('GET', '/v1/users', { token: admin.accessToken })).status;
    expect(await users()).toBe(200);
    await sql`update users set roles = '{}' where id = ${admin.id}`.execute(s.app.db);
    expect((await untilStatus(403, users)).ms).toBeLessThan(1_000);
  });
});

import { sql, startTestServer, type TestServer } from '../../testing/harness';
import { untilStatus } from '../../testing/until-status';
import { createUser, proveFresh, type TestUser } from '../../testing/users';

let s: TestServer;
let admin: TestUser;
let superAdmin: TestUser;
let client: TestUser;
let unverified: TestUser;
let unverifiedAdmin: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s, { roles: ['Admin'] });
  superAdmin = await createUser(s, { roles: ['Admin', 'SuperAdmin'] });
  client = await createUser(s);
  unverified = await createUser(s, { verified: false });
  unverifiedAdmin = await createUser(s, { verified: false, roles: ['Admin'] });
});
afterAll(async () => {
  await s.close();
});

const adminRoutes = (targetId: string): [string, string, unknown?][] => [
  ['GET', '/v1/users'],
  ['GET', '/v1/users?search=a&page=1&pageSize=5'],
  ['GET', `/v1/users/${targetId}`],
  ['PATCH', `/v1/users/${targetId}`, { verified: true }],
  ['GET', '/v1/contact'],
];

describe('access matrix: every admin route', () => {
  it('refuses anonymous callers with 401', async () => {
    for (const [method, path, body] of adminRoutes(client.id)) {
      const res = await s.api(method, path, { body });
      expect([method, path, res.status, res.body.message]).toEqual([method, path, 401, 'Unauthorized']);
    }
  });

  it('refuses signed-in clients with 403', async () => {
    for (const [method, path, body] of adminRoutes(unverified.id)) {
      const res = await s.api(method, path, { body, token: client.accessToken });
      expect([method, path, res.status, res.body.error]).toEqual([method, path, 403, 'Forbidden']);
    }
  });

  it('refuses unverified users, even with the Admin role, with 403 "Account not verified"', async () => {
    for (const caller of [unverified, unverifiedAdmin]) {
      for (const [method, path, body] of adminRoutes(client.id)) {
        const res = await s.api(method, path, { body, token: caller.accessToken });
        expect([method, path, res.status, res.body.message]).toEqual([method, path, 403, 'Account not verified']);
      }
    }
  });

  it('lets Admins and SuperAdmins through', async () => {
    for (const caller of [admin, superAdmin]) {
      for (const [method, path, body] of adminRoutes(unverified.id)) {
        const res = await s.api(method, path, { body, token: caller.accessToken });
        expect([method, path, res.status]).toEqual([method, path, 200]);
      }
    }
  });

  it('checks roles on the server, not in the token: a role removed in the database applies once announced', async () => {
    const temp = await createUser(s, { roles: ['Admin'] });
    const users = async () => (await s.api('GET', '/v1/users', { token: temp.accessToken })).status;
    expect(await users()).toBe(200);
    await sql`update users set roles = '{}'::text[] where id = ${temp.id}`.execute(s.app.db);
    // The token still says Admin. PostgreSQL announces the change a few ms after the commit; how soon
    // an instance acts on it is auth-revocation.test.ts's concern.
    await untilStatus(403, users);
  });
});

describe('GET /v1/users', () => {
  it('pages and searches', async () => {
    const page = await s.api('GET', '/v1/users?page=1&pageSize=2', { token: admin.accessToken });
    expect(page.body).toMatchObject({ page: 1, pageSize: 2, total: expect.any(Number) });
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(5);
    const found = await s.api('GET', `/v1/users?search=${encodeURIComponent(client.email.slice(0, 12))}`, {
      token: admin.accessToken,
    });
    expect(found.body.items.map((u: { email: string }) => u.email)).toContain(client.email);
    expect(found.body.total).toBe(found.body.items.length);
    const none = await s.api('GET', '/v1/users?search=%25%25nothing-matches%25', { token: admin.accessToken });
    expect(none.body).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('rejects bad paging with 400', async () => {
    const res = await s.api('GET', '/v1/users?pageSize=1000', { token: admin.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('pageSize must be <= 100');
    const bad = await s.api('GET', '/v1/users?page=zero', { token: admin.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('page must be of type integer');
  });
});

describe('GET /v1/users/:id', () => {
  it('returns one user, 404 for unknown ids and 400 for malformed ids', async () => {
    const one = await s.api('GET', `/v1/users/${client.id}`, { token: admin.accessToken });
    expect(one.body).toMatchObject({ id: client.id, email: client.email });
    const missing = await s.api('GET', '/v1/users/00000000-0000-4000-8000-000000000000', { token: admin.accessToken });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
    const bad = await s.api('GET', '/v1/users/123', { token: admin.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('id must be a valid uuid');
  });
});

describe('PATCH /v1/users/:id', () => {
  it("a role change needs the admin's fresh proof; verified alone does not", async () => {
    const boss = await createUser(s, { roles: ['Admin', 'SuperAdmin'] });
    const target = await createUser(s, { verified: false });
    const refused = await s.api('PATCH', `/v1/users/${target.id}`, {
      token: boss.accessToken,
      body: { roles: ['Admin'], verified: true },
    });
    expect(refused).toMatchObject({ status: 403, body: { feedback: { reason: 'fresh-proof-required' } } });
    // nothing changed, not even the verified flag sent with it
    expect((await s.api('GET', `/v1/users/${target.id}`, { token: boss.accessToken })).body).toMatchObject({
      roles: [],
      verified: false,
    });
    // the same roles again is no change: no proof asked
    const same = await s.api('PATCH', `/v1/users/${target.id}`, {
      token: boss.accessToken,
      body: { roles: [], verified: true },
    });
    expect(same.status).toBe(200);
    // a proof from the target's own session is no proof of the admin
    await proveFresh(s, target);
    expect(
      (await s.api('PATCH', `/v1/users/${target.id}`, { token: boss.accessToken, body: { roles: ['Admin'] } })).status,
    ).toBe(403);
    await proveFresh(s, boss);
    expect(
      (await s.api('PATCH', `/v1/users/${target.id}`, { token: boss.accessToken, body: { roles: ['Admin'] } })).status,
    ).toBe(200);
  });

  it('lets an Admin grant Admin and set verified; a role change signs the user out', async () => {
    const target = await createUser(s, { verified: false });
    await proveFresh(s, admin);
    const res = await s.api('PATCH', `/v1/users/${target.id}`, {
      token: admin.accessToken,
      body: { roles: ['Admin'], verified: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, roles: ['Admin'], verified: true });
    expect((await s.api('GET', '/v1/current-user', { token: target.accessToken })).status).toBe(401);
    expect((await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: target.refreshToken } })).status).toBe(
      401,
    );
  });

  it("un-verifying an account needs the admin's fresh proof, whoever the account is; verifying does not", async () => {
    const freshAdmin = await createUser(s, { roles: ['Admin'] });
    for (const target of [await createUser(s), await createUser(s, { roles: ['Admin'] })]) {
      const refused = await s.api('PATCH', `/v1/users/${target.id}`, {
        token: freshAdmin.accessToken,
        body: { verified: false },
      });
      expect(refused).toMatchObject({
        status: 403,
        body: {
          message: 'Please confirm it is you: enter your password or a code again to make this change.',
          feedback: { reason: 'fresh-proof-required', kinds: ['password'] },
        },
      });
      expect((await s.api('GET', '/v1/current-user', { token: target.accessToken })).body.verified).toBe(true);
    }
    const unverified = await createUser(s, { verified: false });
    const verify = { token: freshAdmin.accessToken, body: { verified: true } };
    expect((await s.api('PATCH', `/v1/users/${unverified.id}`, verify)).status).toBe(200);
    await proveFresh(s, freshAdmin);
    const undone = await s.api('PATCH', `/v1/users/${unverified.id}`, {
      token: freshAdmin.accessToken,
      body: { verified: false },
    });
    expect(undone).toMatchObject({ status: 200, body: { verified: false } });
  });

  it('does not sign the user out when only verified changes', async () => {
    const target = await createUser(s, { verified: false });
    expect(
      (await s.api('PATCH', `/v1/users/${target.id}`, { token: admin.accessToken, body: { verified: true } })).status,
    ).toBe(200);
    expect((await s.api('GET', '/v1/current-user', { token: target.accessToken })).body.verified).toBe(true);
  });

  it('forbids changing your own roles or verified flag (403), even as SuperAdmin', async () => {
    for (const caller of [admin, superAdmin]) {
      const res = await s.api('PATCH', `/v1/users/${caller.id}`, {
        token: caller.accessToken,
        body: { roles: ['Admin', 'SuperAdmin'] },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot change your own roles or verification');
      const v = await s.api('PATCH', `/v1/users/${caller.id}`, {
        token: caller.accessToken,
        body: { verified: false },
      });
      expect(v.status).toBe(403);
    }
  });

  it('only a SuperAdmin grants or removes SuperAdmin', async () => {
    const target = await createUser(s);
    await proveFresh(s, admin);
    await proveFresh(s, superAdmin);
    const denied = await s.api('PATCH', `/v1/users/${target.id}`, {
      token: admin.accessToken,
      body: { roles: ['SuperAdmin'] },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Only a SuperAdmin can grant or remove the SuperAdmin role');
    const granted = await s.api('PATCH', `/v1/users/${target.id}`, {
      token: superAdmin.accessToken,
      body: { roles: ['Admin', 'SuperAdmin'] },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.roles.sort()).toEqual(['Admin', 'SuperAdmin']);
    const removeByAdmin = await s.api('PATCH', `/v1/users/${target.id}`, {
      token: admin.accessToken,
      body: { roles: ['Admin'] },
    });
    expect(removeByAdmin.status).toBe(403);
    const removed = await s.api('PATCH', `/v1/users/${target.id}`, {
      token: superAdmin.accessToken,
      body: { roles: [] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.roles).toEqual([]);
  });

  it('rejects unknown roles and extra fields with 400', async () => {
    const bad = await s.api('PATCH', `/v1/users/${client.id}`, {
      token: superAdmin.accessToken,
      body: { roles: ['Root'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('roles.0 must be one of: Admin, SuperAdmin');
    const extra = await s.api('PATCH', `/v1/users/${client.id}`, {
      token: superAdmin.accessToken,
      body: { email: 'x@example.com' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('email is not allowed');
  });
});

import { randomUUID } from 'node:crypto';
import { INVALID_CURSOR_MESSAGE } from '@kloof/api-contract/constants';
import { sql, startTestServer, type TestServer } from '../../../testing/harness';
import { untilStatus } from '../../../testing/until-status';
import { createUser, proveFresh, type TestUser } from '../../../testing/users';

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
  ['GET', '/v1/users?search=a&limit=5'],
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

/** Accounts stored as sign-up writes them, `company` marking the test's own; created a second apart, the last two in one. */
async function storeUsers(company: string, count: number): Promise<string[]> {
  const base = Date.parse('2031-01-01T00:00:00.000Z');
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const at = new Date(base + Math.min(i, count - 2) * 1000);
    await sql`insert into users (id, email, username, company, password_hash, created_at, updated_at)
      values (${id}, ${`${company}-${i}@example.com`}, ${`user${i}`}, ${company}, 'x', ${at}, ${at})`.execute(s.app.db);
    ids.push(id);
  }
  return ids;
}

/** Every user the search finds, page after page, following `next`. */
async function walk(search: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const query: URLSearchParams = new URLSearchParams({ search, limit: String(limit), ...(after ? { after } : {}) });
    const res: { status: number; body: any } = await s.api('GET', `/v1/users?${query}`, { token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['items', 'next']);
    ids.push(...res.body.items.map((u: { id: string }) => u.id));
    after = res.body.next;
    pages += 1;
  } while (after && pages < 10);
  return { ids, pages };
}

describe('GET /v1/users', () => {
  it('pages newest first (then by id), each page after the one before, no total, the last with next null', async () => {
    const ids = await storeUsers('pagingco', 7);
    const [last, beforeLast] = [ids[6]!, ids[5]!];
    const sameSecond = last > beforeLast ? [last, beforeLast] : [beforeLast, last];
    const expected = [...sameSecond, ...ids.slice(0, 5).reverse()];
    expect(await walk('pagingco', 3)).toEqual({ ids: expected, pages: 3 });
    expect(await walk('pagingco', 7)).toEqual({ ids: expected, pages: 1 });
  });

  it('searches e-mail, username, name and company, letter case aside; % and _ are plain characters', async () => {
    const found = await s.api(
      'GET',
      `/v1/users?search=${encodeURIComponent(client.email.slice(0, 12).toUpperCase())}`,
      {
        token: admin.accessToken,
      },
    );
    expect(found.body.items.map((u: { email: string }) => u.email)).toContain(client.email);
    const [named] = await storeUsers('searchco', 2);
    await sql`update users set full_name = 'Thandiwe Nkosi' where id = ${named!}`.execute(s.app.db);
    const byName = await s.api('GET', '/v1/users?search=thandiwe%20nk', { token: admin.accessToken });
    expect(byName.body.items.map((u: { id: string }) => u.id)).toEqual([named]);
    // the fields are searched one by one: a term across two of them matches nothing
    const across = await s.api('GET', '/v1/users?search=nkosi%20searchco', { token: admin.accessToken });
    expect(across.body).toEqual({ items: [], next: null });
    const none = await s.api('GET', '/v1/users?search=%25%25nothing-matches%25', { token: admin.accessToken });
    expect(none.body).toEqual({ items: [], next: null });
    const underscore = await s.api('GET', '/v1/users?search=searchco_', { token: admin.accessToken });
    expect(underscore.body.items).toEqual([]);
  });

  it('refuses a cursor it did not hand out with 400 and the text to start again', async () => {
    const first = await s.api('GET', '/v1/users?limit=1', { token: admin.accessToken });
    expect(first.body.next).toEqual(expect.any(String));
    const cursors = [
      'bm90LWpzb24', // "not-json"
      Buffer.from(JSON.stringify(['2031-01-01T00:00:00.000Z'])).toString('base64url'),
      Buffer.from(JSON.stringify(['yesterday', randomUUID()])).toString('base64url'),
    ];
    for (const after of cursors) {
      const res = await s.api('GET', `/v1/users?after=${after}`, { token: admin.accessToken });
      expect([after, res.status, res.body.message]).toEqual([after, 400, INVALID_CURSOR_MESSAGE]);
    }
  });

  it('takes 1 to 100 rows a page and the old page numbers no more (400)', async () => {
    for (const [query, message] of [
      ['limit=0', 'limit must be >= 1'],
      ['limit=101', 'limit must be <= 100'],
      ['limit=ten', 'limit must be of type integer'],
      ['page=2', 'page is not allowed'],
      ['after=not%20base64', 'after must match pattern "^[A-Za-z0-9_-]+$"'],
    ]) {
      const res = await s.api('GET', `/v1/users?${query}`, { token: admin.accessToken });
      expect([query, res.status, res.body.message]).toEqual([query, 400, message]);
    }
    const full = await s.api('GET', '/v1/users?limit=100', { token: admin.accessToken });
    expect(full.status).toBe(200);
  });
});

describe('GET /v1/users?role=', () => {
  /** Every user of a role list, page after page (100 a page), following `next`. */
  async function holders(role: string): Promise<{ id: string; roles: string[] }[]> {
    const found: { id: string; roles: string[] }[] = [];
    let after: string | null = null;
    do {
      const query: URLSearchParams = new URLSearchParams({ role, limit: '100', ...(after ? { after } : {}) });
      const res: { status: number; body: any } = await s.api('GET', `/v1/users?${query}`, { token: admin.accessToken });
      expect([role, res.status]).toEqual([role, 200]);
      found.push(...res.body.items);
      after = res.body.next;
    } while (after && found.length < 1000);
    return found;
  }

  it('lists exactly the holders of a role, the oldest too, behind 2,001 newer users without one', async () => {
    const oldest = randomUUID();
    await sql`insert into users (id, email, username, company, password_hash, roles, created_at, updated_at)
      values (${oldest}, 'first-admin@example.com', 'firstadmin', 'roleco', 'x', array['Admin'],
        timestamptz '2001-01-01', timestamptz '2001-01-01')`.execute(s.app.db);
    await sql`insert into users (id, email, username, company, password_hash, created_at, updated_at)
      select gen_random_uuid(), 'roleless' || n || '@example.com', 'roleless' || n, 'roleco', 'x',
        timestamptz '2032-01-01' + n * interval '1 second', timestamptz '2032-01-01' + n * interval '1 second'
      from generate_series(1, 2001) as n`.execute(s.app.db);

    const admins = await holders('Admin');
    expect(admins.map((u) => u.id)).toEqual(expect.arrayContaining([oldest, admin.id, superAdmin.id]));
    expect(admins.at(-1)?.id).toBe(oldest);
    expect(admins.filter((u) => !u.roles.includes('Admin'))).toEqual([]);
    const supers = await holders('SuperAdmin');
    expect(supers.map((u) => u.id)).toContain(superAdmin.id);
    expect(supers.filter((u) => !u.roles.includes('SuperAdmin'))).toEqual([]);
    const any = await holders('any');
    expect(any.map((u) => u.id).sort()).toEqual([...new Set([...admins, ...supers].map((u) => u.id))].sort());
  });

  it('refuses a role that does not exist (400)', async () => {
    const res = await s.api('GET', '/v1/users?role=Owner', { token: admin.accessToken });
    expect([res.status, res.body.message]).toEqual([400, 'role must be one of: Admin, SuperAdmin, any']);
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

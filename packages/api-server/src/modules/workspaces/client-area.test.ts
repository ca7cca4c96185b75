import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, type TestUser } from '../../../testing/users';

let s: TestServer;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  alice = await createUser(s);
  bob = await createUser(s);
  admin = await createUser(s, { roles: ['Admin'] });
});
afterAll(async () => {
  await s.close();
});

/** A POST or PATCH as `user`, with a JSON body. */
const post = (user: TestUser, path: string, body: object) => s.api('POST', path, { token: user.accessToken, body });
const patch = (user: TestUser, path: string, body: object) => s.api('PATCH', path, { token: user.accessToken, body });

/** A link to example.com as `owner`, in a workspace and, if given, one of its projects. */
const addLink = (owner: TestUser, workspaceId: string, projectId?: string) =>
  post(owner, '/v1/links', {
    workspaceId,
    ...(projectId ? { projectId } : {}),
    title: 'x',
    url: 'https://example.com',
  });

let named = 0;
async function workspace(owner: TestUser, name = `Acme ${++named}`) {
  const res = await post(owner, '/v1/workspaces', { name, description: 'desc' });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

describe('workspaces', () => {
  it('creates, lists, reads, updates and deletes', async () => {
    const created = await post(alice, '/v1/workspaces', { name: '  Website  ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Website',
      description: '',
      ownerId: alice.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      projectCount: 0,
      role: 'owner',
    });
    const id = created.body.id;
    expect(
      (await s.api('GET', '/v1/workspaces', { token: alice.accessToken })).body.items.map((w: { id: string }) => w.id),
    ).toContain(id);
    expect((await s.api('GET', `/v1/workspaces/${id}`, { token: alice.accessToken })).body.name).toBe('Website');
    const patched = await patch(alice, `/v1/workspaces/${id}`, { description: 'New' });
    expect(patched.body).toMatchObject({ name: 'Website', description: 'New' });
    expect((await s.api('DELETE', `/v1/workspaces/${id}`, { token: alice.accessToken })).status).toBe(204);
    expect((await s.api('GET', `/v1/workspaces/${id}`, { token: alice.accessToken })).status).toBe(404);
  });

  it("hides other users' workspaces (404), from admins too", async () => {
    const w = await workspace(alice);
    expect(
      (await s.api('GET', '/v1/workspaces', { token: bob.accessToken })).body.items.map((x: { id: string }) => x.id),
    ).not.toContain(w.id);
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const res = await s.api(method, `/v1/workspaces/${w.id}`, { token: bob.accessToken, body });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Workspace not found');
    }
    expect((await s.api('GET', `/v1/workspaces/${w.id}`, { token: admin.accessToken })).status).toBe(404);
    expect(
      (await s.api('GET', '/v1/workspaces', { token: admin.accessToken })).body.items.map((x: { id: string }) => x.id),
    ).not.toContain(w.id);
  });

  it('refuses a second workspace of the same name for one owner (409), letter case and spaces aside; others may use it', async () => {
    const first = await workspace(alice, 'Brand refresh');
    for (const name of ['Brand refresh', '  brand REFRESH ']) {
      const again = await post(alice, '/v1/workspaces', { name });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        'You already have a workspace named “' + name.trim() + '”. Please choose another name.',
      );
    }
    const other = await workspace(alice, 'Brand book');
    const renamed = await patch(alice, `/v1/workspaces/${other.id}`, { name: 'BRAND REFRESH' });
    expect(renamed.status).toBe(409);
    // Renaming a workspace to its own name (or its own name in other letters) is no clash.
    const same = await patch(alice, `/v1/workspaces/${first.id}`, { name: 'Brand Refresh' });
    expect(same.status).toBe(200);
    expect((await post(bob, '/v1/workspaces', { name: 'Brand refresh' })).status).toBe(201);
  });

  it('rejects bad input with 400', async () => {
    const empty = await post(alice, '/v1/workspaces', { name: '' });
    expect(empty.body.message).toBe('name must not be empty');
    const noChange = await patch(alice, `/v1/workspaces/${(await workspace(alice)).id}`, {});
    expect(noChange.status).toBe(400);
    expect(noChange.body.message).toBe('body must contain at least one field to change');
    const owner = await post(alice, '/v1/workspaces', { name: 'x', ownerId: bob.id });
    expect(owner.status).toBe(400);
    expect(owner.body.message).toBe('ownerId is not allowed');
  });

  it('deleting a workspace deletes its projects and links', async () => {
    const w = await workspace(alice);
    const p = await post(alice, '/v1/projects', { workspaceId: w.id, name: 'P' });
    const l = await addLink(alice, w.id, p.body.id);
    expect((await s.api('GET', `/v1/workspaces/${w.id}`, { token: alice.accessToken })).body.projectCount).toBe(1);
    expect((await s.api('DELETE', `/v1/workspaces/${w.id}`, { token: alice.accessToken })).status).toBe(204);
    expect((await s.api('GET', `/v1/projects/${p.body.id}`, { token: alice.accessToken })).status).toBe(404);
    expect((await s.api('GET', `/v1/links/${l.body.id}`, { token: alice.accessToken })).status).toBe(404);
    const left = await s.app.db.selectFrom('projects').select('id').where('workspace_id', '=', w.id).execute();
    expect(left).toEqual([]);
  });
});

describe('projects', () => {
  it('CRUD with status, filtered by workspace', async () => {
    const w = await workspace(alice);
    const w2 = await workspace(alice, 'Other');
    const created = await post(alice, '/v1/projects', { workspaceId: w.id, name: 'App', status: 'active' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      workspaceId: w.id,
      workspaceName: w.name,
      name: 'App',
      description: '',
      status: 'active',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      role: 'owner',
    });
    await post(alice, '/v1/projects', { workspaceId: w2.id, name: 'Elsewhere' });
    const list = await s.api('GET', `/v1/projects?workspaceId=${w.id}`, { token: alice.accessToken });
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual(['App']);
    const patched = await patch(alice, `/v1/projects/${created.body.id}`, { status: 'on_hold' });
    expect(patched.body.status).toBe('on_hold');
    expect((await s.api('GET', `/v1/projects/${created.body.id}`, { token: alice.accessToken })).body.status).toBe(
      'on_hold',
    );
    expect((await s.api('DELETE', `/v1/projects/${created.body.id}`, { token: alice.accessToken })).status).toBe(204);
    expect((await s.api('GET', `/v1/projects/${created.body.id}`, { token: alice.accessToken })).status).toBe(404);
  });

  it('refuses projects in or of workspaces the user does not own (404) and bad status (400)', async () => {
    const w = await workspace(alice);
    const p = await post(alice, '/v1/projects', { workspaceId: w.id, name: 'Mine' });
    const intrude = await post(bob, '/v1/projects', { workspaceId: w.id, name: 'Theirs' });
    expect(intrude.status).toBe(404);
    expect((await s.api('GET', `/v1/projects/${p.body.id}`, { token: bob.accessToken })).status).toBe(404);
    expect((await patch(bob, `/v1/projects/${p.body.id}`, { name: 'x' })).status).toBe(404);
    expect((await s.api('DELETE', `/v1/projects/${p.body.id}`, { token: bob.accessToken })).status).toBe(404);
    expect(
      (await s.api('GET', '/v1/projects', { token: bob.accessToken })).body.items.map((x: { id: string }) => x.id),
    ).not.toContain(p.body.id);
    const bad = await patch(alice, `/v1/projects/${p.body.id}`, { status: 'done' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be one of: planning, active, on_hold, completed');
    expect((await s.api('GET', `/v1/projects/${p.body.id}`, { token: admin.accessToken })).status).toBe(404);
  });
});

describe('links', () => {
  it('CRUD, filtered by workspace and project', async () => {
    const w = await workspace(alice);
    const p = await post(alice, '/v1/projects', { workspaceId: w.id, name: 'P' });
    const a = await post(alice, '/v1/links', { workspaceId: w.id, title: 'Docs', url: 'https://example.com/docs' });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({
      id: expect.any(String),
      workspaceId: w.id,
      workspaceName: w.name,
      projectId: null,
      projectName: null,
      title: 'Docs',
      url: 'https://example.com/docs',
      createdAt: expect.any(String),
      role: 'owner',
    });
    const b = await post(alice, '/v1/links', {
      workspaceId: w.id,
      projectId: p.body.id,
      title: 'Staging',
      url: 'http://staging.example.com',
    });
    expect(b.body).toMatchObject({ projectId: p.body.id, projectName: 'P' });
    expect((await s.api('GET', `/v1/links?workspaceId=${w.id}`, { token: alice.accessToken })).body.items).toHaveLength(
      2,
    );
    expect(
      (await s.api('GET', `/v1/links?projectId=${p.body.id}`, { token: alice.accessToken })).body.items.map(
        (l: { id: string }) => l.id,
      ),
    ).toEqual([b.body.id]);
    const patched = await patch(alice, `/v1/links/${a.body.id}`, { title: 'Docs v2', projectId: p.body.id });
    expect(patched.body).toMatchObject({ title: 'Docs v2', projectId: p.body.id });
    const detached = await patch(alice, `/v1/links/${a.body.id}`, { projectId: null });
    expect(detached.body.projectId).toBeNull();
    expect((await s.api('DELETE', `/v1/links/${a.body.id}`, { token: alice.accessToken })).status).toBe(204);
    expect((await s.api('GET', `/v1/links/${a.body.id}`, { token: alice.accessToken })).status).toBe(404);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/file', 'not a url', '/relative/path', 'data:text/html,hi'])(
    'rejects url %s with 400',
    async (url) => {
      const w = await workspace(alice);
      const res = await post(alice, '/v1/links', { workspaceId: w.id, title: 'x', url });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('url must be a valid http or https URL');
    },
  );

  it("refuses links in other users' workspaces and projects of another workspace", async () => {
    const w = await workspace(alice);
    const other = await workspace(alice, 'Second');
    const p = await post(alice, '/v1/projects', { workspaceId: other.id, name: 'P' });
    const cross = await addLink(alice, w.id, p.body.id);
    expect(cross.status).toBe(400);
    expect(cross.body.message).toBe('projectId must be a project of the same workspace');
    const intrude = await addLink(bob, w.id);
    expect(intrude.status).toBe(404);
    const mine = await addLink(alice, w.id);
    for (const [method, body] of [['GET'], ['PATCH', { title: 'y' }], ['DELETE']] as const) {
      expect((await s.api(method, `/v1/links/${mine.body.id}`, { token: bob.accessToken, body })).status).toBe(404);
    }
  });
});

describe('verified users only', () => {
  it('refuses unverified users with 403 "Account not verified" on every client-area route', async () => {
    const u = await createUser(s, { verified: false });
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, unknown?][] = [
      ['GET', '/v1/workspaces'],
      ['POST', '/v1/workspaces', { name: 'x' }],
      ['GET', `/v1/workspaces/${id}`],
      ['PATCH', `/v1/workspaces/${id}`, { name: 'x' }],
      ['DELETE', `/v1/workspaces/${id}`],
      ['GET', '/v1/projects'],
      ['POST', '/v1/projects', { workspaceId: id, name: 'x' }],
      ['GET', `/v1/projects/${id}`],
      ['PATCH', `/v1/projects/${id}`, { name: 'x' }],
      ['DELETE', `/v1/projects/${id}`],
      ['GET', '/v1/links'],
      ['POST', '/v1/links', { workspaceId: id, title: 'x', url: 'https://example.com' }],
      ['GET', `/v1/links/${id}`],
      ['PATCH', `/v1/links/${id}`, { title: 'x' }],
      ['DELETE', `/v1/links/${id}`],
      ['GET', '/v1/dashboard'],
      ['GET', '/v1/billing'],
    ];
    for (const [method, path, body] of routes) {
      const res = await s.api(method, path, { token: u.accessToken, body });
      expect([method, path, res.status, res.body.message]).toEqual([method, path, 403, 'Account not verified']);
      const anon = await s.api(method, path, { body });
      expect([method, path, anon.status]).toEqual([method, path, 401]);
    }
  });
});

describe('GET /v1/dashboard', () => {
  it('counts own workspaces and projects by status and lists the 5 newest links', async () => {
    const u = await createUser(s);
    const w = await workspace(u);
    await workspace(u, 'Second');
    for (const status of ['active', 'active', 'completed']) {
      await post(u, '/v1/projects', { workspaceId: w.id, name: status, status });
    }
    for (let i = 1; i <= 6; i++) {
      s.clock.advanceSeconds(1);
      await s.api('POST', '/v1/links', {
        token: u.accessToken,
        body: { workspaceId: w.id, title: `L${i}`, url: `https://example.com/${i}` },
      });
    }
    const res = await s.api('GET', '/v1/dashboard', { token: u.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.workspaces).toBe(2);
    expect(res.body.projectsByStatus).toEqual({ planning: 0, active: 2, on_hold: 0, completed: 1 });
    expect(res.body.recentLinks.map((l: { title: string }) => l.title)).toEqual(['L6', 'L5', 'L4', 'L3', 'L2']);
  });
});

describe('GET /v1/billing', () => {
  it('answers an empty view for a user without a plan', async () => {
    const res = await s.api('GET', '/v1/billing', { token: alice.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ plan: null, invoices: [] });
  });
});

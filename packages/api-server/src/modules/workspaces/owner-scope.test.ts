import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, type TestUser } from '../../../testing/users';

/**
 * The client area is each account's own, whatever its roles: an Admin or SuperAdmin reaching for
 * another client's workspace, project or link gets exactly what a plain client gets.
 */

let s: TestServer;
let owner: TestUser;
let client: TestUser;
let admin: TestUser;
let superAdmin: TestUser;
let theirs: { workspace: string; project: string; link: string };

beforeAll(async () => {
  s = await startTestServer();
  // One after the other: each sign-up reads its code from the shared outbox.
  owner = await createUser(s);
  client = await createUser(s);
  admin = await createUser(s, { roles: ['Admin'] });
  superAdmin = await createUser(s, { roles: ['SuperAdmin'] });
  const w = await s.api('POST', '/v1/workspaces', { token: owner.accessToken, body: { name: 'Website relaunch' } });
  const p = await s.api('POST', '/v1/projects', {
    token: owner.accessToken,
    body: { workspaceId: w.body.id, name: 'P' },
  });
  const l = await s.api('POST', '/v1/links', {
    token: owner.accessToken,
    body: { workspaceId: w.body.id, projectId: p.body.id, title: 'L', url: 'https://example.com/' },
  });
  theirs = { workspace: w.body.id, project: p.body.id, link: l.body.id };
});
afterAll(async () => {
  await s.close();
});

// Named here, looked up at run time: the accounts exist only once beforeAll has run.
const intruders = ['a plain client', 'an Admin', 'a SuperAdmin'] as const;
const account = (who: (typeof intruders)[number]): TestUser =>
  ({ 'a plain client': client, 'an Admin': admin, 'a SuperAdmin': superAdmin })[who];

/** Every way in to one client's data by id, with a body a valid request would carry. */
const reaches = (): [string, string, unknown?][] => [
  ['GET', `/v1/workspaces/${theirs.workspace}`],
  ['PATCH', `/v1/workspaces/${theirs.workspace}`, { name: 'Taken over' }],
  ['DELETE', `/v1/workspaces/${theirs.workspace}`],
  ['GET', `/v1/projects/${theirs.project}`],
  ['PATCH', `/v1/projects/${theirs.project}`, { name: 'Taken over' }],
  ['DELETE', `/v1/projects/${theirs.project}`],
  ['POST', '/v1/projects', { workspaceId: theirs.workspace, name: 'Planted' }],
  ['GET', `/v1/links/${theirs.link}`],
  ['PATCH', `/v1/links/${theirs.link}`, { url: 'https://evil.example/' }],
  ['DELETE', `/v1/links/${theirs.link}`],
  ['POST', '/v1/links', { workspaceId: theirs.workspace, title: 'Planted', url: 'https://evil.example/' }],
];

async function ownerView() {
  const read = async (path: string) => (await s.api('GET', path, { token: owner.accessToken })).body;
  return {
    workspaces: await read('/v1/workspaces'),
    projects: await read('/v1/projects'),
    links: await read('/v1/links'),
  };
}

describe('another client’s data by id', () => {
  it.each(intruders)('answers %s 404 on every route and changes nothing', async (who) => {
    const intruder = account(who);
    const before = await ownerView();
    for (const [method, path, body] of reaches()) {
      const res = await s.api(method, path, { token: intruder.accessToken, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(await ownerView()).toEqual(before);
  });

  it('answers an Admin exactly what it answers a plain client, body included', async () => {
    for (const [method, path, body] of reaches()) {
      const plain = await s.api(method, path, { token: client.accessToken, body });
      const privileged = await s.api(method, path, { token: admin.accessToken, body });
      expect([method, path, privileged.status, privileged.body]).toEqual([method, path, plain.status, plain.body]);
    }
  });

  // Guessing ids: an id that exists elsewhere must not answer differently from one that exists nowhere.
  it('answers a real id of another account as it answers an id that does not exist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const kind of ['workspaces', 'projects', 'links'] as const) {
      const id = { workspaces: theirs.workspace, projects: theirs.project, links: theirs.link }[kind];
      const real = await s.api('GET', `/v1/${kind}/${id}`, { token: admin.accessToken });
      const none = await s.api('GET', `/v1/${kind}/${unknown}`, { token: admin.accessToken });
      expect([kind, real.status, real.body]).toEqual([kind, none.status, none.body]);
    }
  });
});

describe('lists and filters', () => {
  it.each(intruders)('show %s only its own workspaces, projects and links', async (who) => {
    const intruder = account(who);
    const mine = await s.api('POST', '/v1/workspaces', { token: intruder.accessToken, body: { name: 'Mine' } });
    for (const path of ['/v1/workspaces', '/v1/projects', '/v1/links']) {
      const res = await s.api('GET', path, { token: intruder.accessToken });
      expect(res.status).toBe(200);
      const ids = res.body.items.map((x: { id: string }) => x.id);
      for (const id of Object.values(theirs)) expect(ids).not.toContain(id);
      if (path === '/v1/workspaces') {
        expect(ids).toEqual([mine.body.id]);
        expect(res.body.items.every((w: { ownerId: string }) => w.ownerId === intruder.id)).toBe(true);
      }
    }
  });

  // Enumerating: filtering by another account's workspace or project yields nothing, not its contents.
  it.each(intruders)('give %s nothing when filtered by another account’s ids', async (who) => {
    const intruder = account(who);
    for (const path of [
      `/v1/projects?workspaceId=${theirs.workspace}`,
      `/v1/links?workspaceId=${theirs.workspace}`,
      `/v1/links?projectId=${theirs.project}`,
    ]) {
      const res = await s.api('GET', path, { token: intruder.accessToken });
      expect([path, res.status, res.body]).toEqual([path, 200, { items: [], next: null }]);
    }
  });

  it('count only the Admin’s own data on the dashboard', async () => {
    const fresh = await createUser(s, { roles: ['Admin'] });
    const res = await s.api('GET', '/v1/dashboard', { token: fresh.accessToken });
    expect(res.body).toMatchObject({ workspaces: 0, recentLinks: [] });
    expect(Object.values(res.body.projectsByStatus as Record<string, number>).every((n) => n === 0)).toBe(true);
  });
});

describe('a link of one’s own', () => {
  // The project check inside one's own workspace must not become a way into another's project.
  it('cannot be attached to another account’s project', async () => {
    const w = await s.api('POST', '/v1/workspaces', { token: admin.accessToken, body: { name: 'Own' } });
    const l = await s.api('POST', '/v1/links', {
      token: admin.accessToken,
      body: { workspaceId: w.body.id, projectId: theirs.project, title: 'x', url: 'https://example.com/' },
    });
    expect(l.status).toBe(400);
    expect(l.body.message).toBe('projectId must be a project of the same workspace');
  });
});

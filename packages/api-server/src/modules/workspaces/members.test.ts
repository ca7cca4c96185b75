import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { API_ERRORS } from '@kloof/api-contract/constants';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, type TestUser } from '../../../testing/users';
import { listScopeOf } from './membership';
import { ownerCount } from './members.service';

// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (scripts/with-postgres.sh): there the
// races below really run side by side on separate connections.

let s: TestServer;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  // One after the other: each sign-up reads its code from the shared outbox.
  owner = await createUser(s);
  editor = await createUser(s);
  viewer = await createUser(s);
  outsider = await createUser(s);
});
afterAll(async () => {
  await s.close();
});

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  s.api(method, path, { token: user.accessToken, body });

/** A workspace of `owner` with one project and one link, and members added with their roles. */
async function workspaceWith(members: [TestUser, 'owner' | 'editor' | 'viewer'][] = []) {
  const w = await call(owner, 'POST', '/v1/workspaces', { name: `Team ${randomUUID()}` });
  const p = await call(owner, 'POST', '/v1/projects', { workspaceId: w.body.id, name: 'Relaunch' });
  const l = await call(owner, 'POST', '/v1/links', {
    workspaceId: w.body.id,
    projectId: p.body.id,
    title: 'Staging',
    url: 'https://staging.example.com/',
  });
  for (const [user, role] of members) {
    await sql`insert into workspace_members (workspace_id, user_id, role, added_at, added_by)
      values (${w.body.id}, ${user.id}, ${role}, now(), ${owner.id})`.execute(s.app.db);
  }
  return { id: w.body.id as string, project: p.body.id as string, link: l.body.id as string };
}

/** The token of the newest invitation mail to `to`: the part after `/invitations#`. */
async function invitationToken(to: string): Promise<string> {
  const mail = await latestMail(s, to);
  const token = /\/invitations#([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${to}: ${mail?.text}`);
  return token;
}

async function invite(workspaceId: string, email: string, role: 'owner' | 'editor' | 'viewer') {
  const res = await call(owner, 'POST', `/v1/workspaces/${workspaceId}/invitations`, { email, role });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, token: await invitationToken(email) };
}

/** A new access token, after the clock has run past the old one's end. */
async function signInAgain(user: TestUser) {
  const login = await s.api('POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
  user.accessToken = login.body.accessToken;
}

type Who = 'owner' | 'editor' | 'viewer' | 'outsider';
const account = (who: Who) => ({ owner, editor, viewer, outsider })[who];
/** The owner's team in every workspace below: an editor and a viewer. */
const team = (): [TestUser, 'editor' | 'viewer'][] => [
  [editor, 'editor'],
  [viewer, 'viewer'],
];

describe('what each role may do in a workspace', () => {
  /** Each action on a fresh workspace (owner, editor, viewer, and a viewer to act on), answering its status. */
  const actions: Record<
    string,
    (user: TestUser, w: Awaited<ReturnType<typeof workspaceWith>>, other: TestUser) => Promise<number>
  > = {
    read: async (user, w) => {
      const answers = await Promise.all([
        call(user, 'GET', `/v1/workspaces/${w.id}`),
        call(user, 'GET', `/v1/projects/${w.project}`),
        call(user, 'GET', `/v1/links/${w.link}`),
        call(user, 'GET', `/v1/workspaces/${w.id}/members`),
      ]);
      return answers.every((a) => a.status === answers[0]!.status) ? answers[0]!.status : -1;
    },
    write: async (user, w) => {
      const answers = await Promise.all([
        call(user, 'PATCH', `/v1/projects/${w.project}`, { status: 'active' }),
        call(user, 'PATCH', `/v1/links/${w.link}`, { title: 'Changed' }),
        call(user, 'POST', '/v1/projects', { workspaceId: w.id, name: 'Added' }),
        call(user, 'POST', '/v1/links', { workspaceId: w.id, title: 'Added', url: 'https://example.com/' }),
      ]);
      const statuses = answers.map((a) => (a.status === 201 ? 200 : a.status));
      return statuses.every((code) => code === statuses[0]) ? statuses[0]! : -1;
    },
    invite: async (user, w) =>
      (
        await call(user, 'POST', `/v1/workspaces/${w.id}/invitations`, {
          email: `${randomUUID()}@example.com`,
          role: 'viewer',
        })
      ).status,
    change: async (user, w, other) =>
      (await call(user, 'PATCH', `/v1/workspaces/${w.id}/members/${other.id}`, { role: 'editor' })).status,
    remove: async (user, w, other) => (await call(user, 'DELETE', `/v1/workspaces/${w.id}/members/${other.id}`)).status,
    leave: async (user, w) => (await call(user, 'DELETE', `/v1/workspaces/${w.id}/members/${user.id}`)).status,
  };

  // owner, editor, viewer, outsider. The owner leaves only while another owner is left (below).
  const expected: Record<keyof typeof actions, [number, number, number, number]> = {
    read: [200, 200, 200, 404],
    write: [200, 200, 403, 404],
    invite: [201, 403, 403, 404],
    change: [200, 403, 403, 404],
    remove: [204, 403, 403, 404],
    leave: [409, 204, 204, 404],
  };
  const cases = Object.entries(expected).flatMap(([action, statuses]) =>
    (['owner', 'editor', 'viewer', 'outsider'] as const).map((who, i) => [who, action, statuses[i]!] as const),
  );

  it.each(cases)('%s: %s answers %i', async (who, action, status) => {
    const other = await createUser(s);
    const w = await workspaceWith([...team(), [other, 'viewer']]);
    expect(await actions[action]!(account(who), w, other)).toBe(status);
  });

  it('tells a viewer in words why a change is refused, and changes nothing', async () => {
    const w = await workspaceWith(team());
    const res = await call(viewer, 'PATCH', `/v1/projects/${w.project}`, { name: 'Renamed' });
    expect(res.body).toMatchObject({ code: 'workspace_read_only', message: API_ERRORS.workspace_read_only });
    expect((await call(owner, 'GET', `/v1/projects/${w.project}`)).body.name).toBe('Relaunch');
  });

  it('answers an outsider 404 on the member routes of a workspace as of one that does not exist', async () => {
    const w = await workspaceWith(team());
    for (const id of [w.id, randomUUID()]) {
      const answers = await Promise.all([
        call(outsider, 'GET', `/v1/workspaces/${id}/members`),
        call(outsider, 'GET', `/v1/workspaces/${id}/invitations`),
        call(outsider, 'DELETE', `/v1/workspaces/${id}/members/${viewer.id}`),
      ]);
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    }
  });

  it("lists a member's workspaces, projects and links with the owner's, and counts them on the dashboard", async () => {
    const w = await workspaceWith(team());
    const workspaces = await call(viewer, 'GET', '/v1/workspaces?limit=100');
    expect(workspaces.body.items.find((x: { id: string }) => x.id === w.id)).toMatchObject({ role: 'viewer' });
    const projects = await call(viewer, 'GET', `/v1/projects?workspaceId=${w.id}`);
    expect(projects.body.items.map((p: { id: string; role: string }) => [p.id, p.role])).toEqual([
      [w.project, 'viewer'],
    ]);
    const links = await call(viewer, 'GET', `/v1/links?workspaceId=${w.id}`);
    expect(links.body.items.map((l: { id: string; role: string }) => [l.id, l.role])).toEqual([[w.link, 'viewer']]);
    const before = (await call(outsider, 'GET', '/v1/dashboard')).body;
    await sql`insert into workspace_members (workspace_id, user_id, role, added_at)
      values (${w.id}, ${outsider.id}, 'viewer', now())`.execute(s.app.db);
    const after = (await call(outsider, 'GET', '/v1/dashboard')).body;
    expect(after.workspaces - before.workspaces).toBe(1);
    expect(after.projectsByStatus.planning - before.projectsByStatus.planning).toBe(1);
    expect(after.recentLinks[0].id).toBe(w.link);
    await call(outsider, 'DELETE', `/v1/workspaces/${w.id}/members/${outsider.id}`);
  });
});

describe('owners', () => {
  it('cannot leave, be demoted or be removed while they are the last', async () => {
    const w = await workspaceWith(team());
    const answers = [
      await call(owner, 'DELETE', `/v1/workspaces/${w.id}/members/${owner.id}`),
      await call(owner, 'PATCH', `/v1/workspaces/${w.id}/members/${owner.id}`, { role: 'editor' }),
    ];
    for (const res of answers)
      expect(res.body).toMatchObject({ statusCode: 409, code: 'last_owner', message: API_ERRORS.last_owner });
    expect(await ownerCount(s.app.db, w.id)).toBe(1);
  });

  it('hand the workspace on: the first owner leaves, the others keep its projects and links and add more', async () => {
    const w = await workspaceWith(team());
    expect((await call(owner, 'PATCH', `/v1/workspaces/${w.id}/members/${editor.id}`, { role: 'owner' })).status).toBe(
      200,
    );
    expect((await call(owner, 'DELETE', `/v1/workspaces/${w.id}/members/${owner.id}`)).status).toBe(204);
    expect((await call(owner, 'GET', `/v1/workspaces/${w.id}`)).status).toBe(404);
    expect((await call(editor, 'GET', `/v1/workspaces/${w.id}`)).body).toMatchObject({
      ownerId: editor.id,
      role: 'owner',
    });
    expect((await call(viewer, 'GET', `/v1/links/${w.link}`)).status).toBe(200);
    expect((await call(editor, 'POST', '/v1/projects', { workspaceId: w.id, name: 'Next' })).status).toBe(201);
  });

  const RACE_ROUNDS = 10;
  it.each(Array.from({ length: RACE_ROUNDS }, (_, i) => [i + 1]))(
    'round %i: an owner demoting the other owner while leaving at the same moment leaves an owner',
    async () => {
      const w = await workspaceWith([[editor, 'owner']]);
      const [demoted, left] = await Promise.all([
        call(owner, 'PATCH', `/v1/workspaces/${w.id}/members/${editor.id}`, { role: 'viewer' }),
        call(owner, 'DELETE', `/v1/workspaces/${w.id}/members/${owner.id}`),
      ]);
      // Whichever runs second finds the other done: the last owner (409), or no member any more (404).
      const succeeded = [demoted.status === 200, left.status === 204].filter(Boolean).length;
      expect({ owners: await ownerCount(s.app.db, w.id), succeeded }).toEqual({ owners: 1, succeeded: 1 });
    },
  );
});

describe('invitations', () => {
  it('mail a one-use link to <site>/invitations#<token>; the database keeps only its HMAC', async () => {
    const w = await workspaceWith();
    const invitee = await createUser(s);
    const { id, token } = await invite(w.id, invitee.email, 'editor');
    const mail = await latestMail(s, invitee.email);
    expect(mail?.text).toContain(`${s.config.appUrl}/invitations#${token}`);
    const stored = await s.app.db
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    const preview = await call(invitee, 'POST', '/v1/invitations/preview', { token });
    expect(preview.body).toMatchObject({ role: 'editor', email: invitee.email });
    const accepted = await call(invitee, 'POST', '/v1/invitations/accept', { token });
    expect(accepted.body).toMatchObject({ id: w.id, role: 'editor' });
    const again = await call(invitee, 'POST', '/v1/invitations/accept', { token });
    expect(again.body).toMatchObject({ statusCode: 404, message: API_ERRORS.invitation_invalid });
  });

  it('are accepted only by the invited address, and stay open for it', async () => {
    const w = await workspaceWith();
    const invitee = await createUser(s);
    const { token } = await invite(w.id, invitee.email.toUpperCase(), 'viewer');
    const wrong = await call(outsider, 'POST', '/v1/invitations/accept', { token });
    expect(wrong.body).toMatchObject({ statusCode: 403, message: API_ERRORS.invitation_other_address });
    expect((await call(outsider, 'GET', `/v1/workspaces/${w.id}`)).status).toBe(404);
    expect((await call(invitee, 'POST', '/v1/invitations/accept', { token })).status).toBe(200);
  });

  it('stop working when withdrawn, when past INVITATION_TTL, or when sent again', async () => {
    const w = await workspaceWith();
    const [withdrawn, late, resent] = [await createUser(s), await createUser(s), await createUser(s)];
    const a = await invite(w.id, withdrawn.email, 'viewer');
    expect((await call(owner, 'DELETE', `/v1/workspaces/${w.id}/invitations/${a.id}`)).status).toBe(204);
    const b = await invite(w.id, resent.email, 'viewer');
    const b2 = await invite(w.id, resent.email, 'editor');
    const c = await invite(w.id, late.email, 'viewer');
    const pending = await call(owner, 'GET', `/v1/workspaces/${w.id}/invitations`);
    expect(pending.body.items.map((i: { email: string; role: string }) => [i.email, i.role]).sort()).toEqual(
      [
        [late.email, 'viewer'],
        [resent.email, 'editor'],
      ].sort(),
    );
    expect((await call(withdrawn, 'POST', '/v1/invitations/accept', { token: a.token })).status).toBe(404);
    expect((await call(resent, 'POST', '/v1/invitations/accept', { token: b.token })).status).toBe(404);
    expect((await call(resent, 'POST', '/v1/invitations/accept', { token: b2.token })).body.role).toBe('editor');
    s.clock.advanceSeconds(s.config.invitationTtl + 1);
    for (const user of [late, owner, editor, viewer, outsider]) await signInAgain(user);
    expect((await call(late, 'POST', '/v1/invitations/accept', { token: c.token })).body.message).toBe(
      API_ERRORS.invitation_invalid,
    );
  });

  it('accepted twice at once make one member', async () => {
    const w = await workspaceWith();
    const invitee = await createUser(s);
    const { token } = await invite(w.id, invitee.email, 'viewer');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(invitee, 'POST', '/v1/invitations/accept', { token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404]);
    const members = await call(owner, 'GET', `/v1/workspaces/${w.id}/members`);
    expect(members.body.items.filter((m: { userId: string }) => m.userId === invitee.id)).toHaveLength(1);
  });

  it('refuse a member, and more than RATE_LIMIT_INVITE to one address per window', async () => {
    const w = await workspaceWith(team());
    const taken = await call(owner, 'POST', `/v1/workspaces/${w.id}/invitations`, {
      email: viewer.email,
      role: 'editor',
    });
    expect(taken.body).toMatchObject({ statusCode: 409, message: API_ERRORS.already_member });
    const email = `${randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= s.config.rateLimits.invite; i++)
      statuses.push(
        (await call(owner, 'POST', `/v1/workspaces/${w.id}/invitations`, { email, role: 'viewer' })).status,
      );
    expect(statuses).toEqual([...Array(s.config.rateLimits.invite).fill(201), 429]);
  });
});

describe('a removed member', () => {
  it('loses the workspace at the next request', async () => {
    const w = await workspaceWith(team());
    expect((await call(viewer, 'GET', `/v1/projects/${w.project}`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/v1/workspaces/${w.id}/members/${viewer.id}`)).status).toBe(204);
    const answers = await Promise.all([
      call(viewer, 'GET', `/v1/projects/${w.project}`),
      call(viewer, 'GET', `/v1/links/${w.link}`),
      call(viewer, 'GET', `/v1/workspaces/${w.id}`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    expect((await call(viewer, 'GET', `/v1/projects?workspaceId=${w.id}`)).body.items).toEqual([]);
  });
});

describe('list scope', () => {
  it("reads a client's own rows by owner until they join another's workspace, then by membership", async () => {
    const loner = await createUser(s);
    const own = await call(loner, 'POST', '/v1/workspaces', { name: `Own ${randomUUID()}` });
    await call(loner, 'POST', '/v1/projects', { workspaceId: own.body.id, name: 'Mine' });
    expect(await listScopeOf(s.app.db, loner.id)).toBe('own');
    const names = async () =>
      ((await call(loner, 'GET', '/v1/projects')).body.items as { name: string }[]).map((p) => p.name).sort();
    expect(await names()).toEqual(['Mine']);
    const w = await workspaceWith([[loner, 'viewer']]);
    expect(await listScopeOf(s.app.db, loner.id)).toBe('member');
    expect(await names()).toEqual(['Mine', 'Relaunch']);
    expect((await call(owner, 'DELETE', `/v1/workspaces/${w.id}/members/${loner.id}`)).status).toBe(204);
    expect(await listScopeOf(s.app.db, loner.id)).toBe('own');
    expect(await names()).toEqual(['Mine']);
  });
});

describe('the activity logs', () => {
  const kinds = async (user: TestUser) =>
    ((await call(user, 'GET', '/v1/user/activity')).body.items as { kind: string; details: object }[]).filter((e) =>
      ['invitation-sent', 'invitation-accepted', 'member-removed'].includes(e.kind),
    );

  it('tell the owner of an invitation sent and a member removed, and the member of joining and being removed', async () => {
    const w = await workspaceWith();
    const name = (await call(owner, 'GET', `/v1/workspaces/${w.id}`)).body.name as string;
    const joiner = await createUser(s);
    // The test clock stands still: a second between events orders them by time, not by id.
    s.clock.advanceSeconds(1);
    const { token } = await invite(w.id, joiner.email, 'editor');
    s.clock.advanceSeconds(1);
    await signInAgain(joiner);
    expect((await call(joiner, 'POST', '/v1/invitations/accept', { token })).status).toBe(200);
    s.clock.advanceSeconds(1);
    expect((await call(owner, 'DELETE', `/v1/workspaces/${w.id}/members/${joiner.id}`)).status).toBe(204);
    expect((await kinds(joiner)).map(({ kind, details }) => ({ kind, details }))).toEqual([
      { kind: 'member-removed', details: { workspace: name, by: 'an owner' } },
      { kind: 'invitation-accepted', details: { workspace: name, role: 'editor' } },
    ]);
    expect((await kinds(owner)).slice(0, 2).map(({ kind, details }) => ({ kind, details }))).toEqual([
      { kind: 'member-removed', details: { workspace: name, email: joiner.email } },
      { kind: 'invitation-sent', details: { workspace: name, email: joiner.email, role: 'editor' } },
    ]);
  });
});

describe("an admin's view of a user", () => {
  it("lists the user's workspaces with their role and member count; a client may not ask", async () => {
    const admin = await createUser(s, { roles: ['Admin'] });
    const w = await workspaceWith(team());
    const seen = await call(admin, 'GET', `/v1/users/${viewer.id}/workspaces?limit=100`);
    expect(seen.body.items.find((x: { workspaceId: string }) => x.workspaceId === w.id)).toMatchObject({
      role: 'viewer',
      memberCount: 3,
    });
    expect((await call(outsider, 'GET', `/v1/users/${viewer.id}/workspaces`)).status).toBe(403);
  });
});

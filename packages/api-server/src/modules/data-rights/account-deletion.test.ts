import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, proveFresh, type TestUser } from '../../../testing/users';

const GRACE_DAYS = 14;
const DAY_S = 24 * 3600;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { DELETION_GRACE_DAYS: String(GRACE_DAYS) } });
});
afterAll(async () => s.close());

const askDeletion = (u: TestUser, confirm = u.email) =>
  s.api('POST', '/v1/current-user/deletion', { token: u.accessToken, body: { confirm } });
const signIn = (u: TestUser) => s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
const activity = (userId: string) =>
  s.app.db
    .selectFrom('activity_events')
    .select(['kind', 'details'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['deletion-requested', 'deletion-cancelled'])
    .orderBy('at')
    .execute();
const pending = async (userId: string) =>
  s.app.db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** A client with a workspace, a project, a link, an invoice and a contact message, marked for deletion. */
async function markedClient() {
  const u = await createUser(s);
  const w = await s.api('POST', '/v1/workspaces', { token: u.accessToken, body: { name: 'Harbour' } });
  await s.api('POST', '/v1/projects', { token: u.accessToken, body: { workspaceId: w.body.id, name: 'Pier' } });
  const invoiceId = randomUUID();
  await s.app.db
    .insertInto('invoices')
    .values({
      id: invoiceId,
      user_id: u.id,
      number: `INV-${invoiceId.slice(0, 8)}`,
      issued_at: s.clock.now(),
      amount_zar: 990,
      status: 'paid',
    })
    .execute();
  await s.api('POST', '/v1/contact', {
    body: { name: 'Thandi', email: u.email, company: '', message: 'Hello there, a question.' },
  });
  await proveFresh(s, u);
  expect((await askDeletion(u)).status).toBe(200);
  return { ...u, workspaceId: w.body.id as string, invoiceId };
}

/** A workspace of `u` with one project and one link in it; its id. */
async function workspaceOf(u: TestUser, name: string) {
  const w = await s.api('POST', '/v1/workspaces', { token: u.accessToken, body: { name } });
  const p = await s.api('POST', '/v1/projects', { token: u.accessToken, body: { workspaceId: w.body.id, name } });
  await s.api('POST', '/v1/links', {
    token: u.accessToken,
    body: { workspaceId: w.body.id, projectId: p.body.id, title: name, url: 'https://example.com/' },
  });
  return w.body.id as string;
}

/** Adds `u` to a workspace with `role`, `minutesAgo` minutes before now (who stood longest decides). */
async function addMember(workspaceId: string, u: TestUser, role: 'owner' | 'editor' | 'viewer', minutesAgo: number) {
  const at = new Date(s.clock.now().getTime() - minutesAgo * 60_000);
  await sql`insert into workspace_members (workspace_id, user_id, role, added_at)
    values (${workspaceId}, ${u.id}, ${role}, ${at})`.execute(s.app.db);
}

const workspaceRow = (id: string) =>
  s.app.db.selectFrom('workspaces').select('owner_id').where('id', '=', id).executeTakeFirst();
const rolesIn = async (workspaceId: string) =>
  Object.fromEntries(
    (
      await s.app.db
        .selectFrom('workspace_members')
        .select(['user_id', 'role'])
        .where('workspace_id', '=', workspaceId)
        .execute()
    ).map((m) => [m.user_id, m.role]),
  );
const ownersOfItems = async (workspaceId: string) => [
  ...(await s.app.db.selectFrom('projects').select('owner_id').where('workspace_id', '=', workspaceId).execute()),
  ...(await s.app.db.selectFrom('links').select('owner_id').where('workspace_id', '=', workspaceId).execute()),
];

describe('deleting my account', () => {
  it('needs a fresh proof and the e-mail address typed again', async () => {
    const u = await createUser(s);
    expect((await askDeletion(u)).status).toBe(403);
    await proveFresh(s, u);
    expect(await askDeletion(u, 'delete')).toMatchObject({
      status: 400,
      body: { message: 'Type your e-mail address exactly as shown to confirm the deletion.' },
    });
    expect(await pending(u.id)).toBeUndefined();
  });

  it('marks the account for the grace period, signs it out everywhere and says so by mail', async () => {
    const u = await createUser(s);
    await proveFresh(s, u);
    const res = await askDeletion(u);
    expect(res.status).toBe(200);
    expect(res.body.eraseAfter).toBe(new Date(s.clock.now().getTime() + GRACE_DAYS * DAY_S * 1000).toISOString());
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(401);
    const mail = await latestMail(s, u.email);
    expect(mail?.subject).toBe('Your Kloof Digital account will be deleted');
    expect(mail?.text).toContain(`kept for ${GRACE_DAYS} days`);
    const other = await createUser(s);
    expect((await s.api('GET', '/v1/current-user/deletion', { token: other.accessToken })).body).toEqual({
      graceDays: GRACE_DAYS,
    });
  });

  it('a sign-in during the grace cancels it, says so in the answer, by mail and in the activity log', async () => {
    const u = await markedClient();
    s.clock.advanceSeconds((GRACE_DAYS - 1) * DAY_S);
    const res = await signIn(u);
    expect(res.status).toBe(200);
    expect(res.body.deletionCancelled).toBe(true);
    expect(await pending(u.id)).toBeUndefined();
    expect((await latestMail(s, u.email))?.subject).toBe('Your Kloof Digital account will not be deleted');
    expect((await signIn(u)).body.deletionCancelled).toBeUndefined();
    expect(await activity(u.id)).toEqual([
      { kind: 'deletion-requested', details: { eraseAfter: expect.any(String) } },
      { kind: 'deletion-cancelled', details: { by: 'signing in' } },
    ]);
    s.clock.advanceSeconds(2 * DAY_S);
    await s.app.prune();
    expect(await s.app.db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()).toBeDefined();
  });

  it('the pruning job erases the account once the grace is over, keeping its invoices without a user', async () => {
    const u = await markedClient();
    s.clock.advanceSeconds(GRACE_DAYS * DAY_S - 60);
    await s.app.prune();
    expect(await pending(u.id)).toBeDefined();
    s.clock.advanceSeconds(120);
    const pruned = await s.app.prune();
    expect(pruned?.account_deletions).toBeGreaterThanOrEqual(1);
    const db = s.app.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()).toBeUndefined();
    expect(
      await db.selectFrom('workspaces').select('id').where('id', '=', u.workspaceId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await db.selectFrom('projects').select('id').where('workspace_id', '=', u.workspaceId).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('outbox').select('id').where('to_address', '=', u.email).execute()).toEqual([]);
    expect(await db.selectFrom('mail_jobs').select('id').where('to_address', '=', u.email).execute()).toEqual([]);
    expect(await db.selectFrom('contact_messages').select('id').where('email', '=', u.email).execute()).toEqual([]);
    const invoice = await db.selectFrom('invoices').selectAll().where('id', '=', u.invoiceId).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ user_id: null, amount_zar: 990, status: 'paid' });
    expect((await signIn(u)).status).toBe(401);
  });

  it('erasure hands shared workspaces on: to another owner, else the longest-standing member; a lone one goes', async () => {
    const [leaver, coOwner, editor, viewer, laterEditor] = [
      await createUser(s),
      await createUser(s),
      await createUser(s),
      await createUser(s),
      await createUser(s),
    ];
    const withOwner = await workspaceOf(leaver, 'Co-owned');
    await addMember(withOwner, editor, 'editor', 60);
    await addMember(withOwner, coOwner, 'owner', 30);
    const withMembers = await workspaceOf(leaver, 'Team');
    await addMember(withMembers, laterEditor, 'editor', 10);
    await addMember(withMembers, viewer, 'viewer', 20);
    const alone = await workspaceOf(leaver, 'Mine alone');
    await proveFresh(s, leaver);
    expect((await askDeletion(leaver)).status).toBe(200);
    expect(
      await s.app.db.selectFrom('activity_events').select('id').where('user_id', '=', leaver.id).execute(),
    ).not.toEqual([]);
    s.clock.advanceSeconds(GRACE_DAYS * DAY_S + 60);
    await s.app.prune();

    expect(await workspaceRow(withOwner)).toEqual({ owner_id: coOwner.id });
    expect(await rolesIn(withOwner)).toEqual({ [coOwner.id]: 'owner', [editor.id]: 'editor' });
    expect(await ownersOfItems(withOwner)).toEqual([{ owner_id: coOwner.id }, { owner_id: coOwner.id }]);
    expect(await workspaceRow(withMembers)).toEqual({ owner_id: viewer.id });
    expect(await rolesIn(withMembers)).toEqual({ [viewer.id]: 'owner', [laterEditor.id]: 'editor' });
    expect(await ownersOfItems(withMembers)).toEqual([{ owner_id: viewer.id }, { owner_id: viewer.id }]);
    expect(await workspaceRow(alone)).toBeUndefined();
    expect(await ownersOfItems(alone)).toEqual([]);
    expect(
      await s.app.db.selectFrom('activity_events').select('id').where('user_id', '=', leaver.id).execute(),
    ).toEqual([]);
    // The new owner works in it as before.
    const back = await signIn(viewer);
    const projects = await s.api('GET', `/v1/projects?workspaceId=${withMembers}`, { token: back.body.accessToken });
    expect(projects.body.items).toEqual([expect.objectContaining({ name: 'Team' })]);
  });

  it("erasure leaves the address in no other account's log: an owner's invitation to it and its removal", async () => {
    const [owner, leaver] = [await createUser(s), await createUser(s)];
    const team = await workspaceOf(owner, 'Agency');
    const invited = await s.api('POST', `/v1/workspaces/${team}/invitations`, {
      token: owner.accessToken,
      body: { email: leaver.email, role: 'viewer' },
    });
    expect(invited.status).toBe(201);
    await addMember(team, leaver, 'viewer', 5);
    const removed = await s.api('DELETE', `/v1/workspaces/${team}/members/${leaver.id}`, { token: owner.accessToken });
    expect(removed.status).toBe(204);
    const named = () =>
      s.app.db
        .selectFrom('activity_events')
        .select(['kind', sql<string>`details->>'email'`.as('email')])
        .where('user_id', '=', owner.id)
        .where('kind', 'in', ['invitation-sent', 'member-removed'])
        .orderBy('kind')
        .execute();
    expect(await named()).toEqual([
      { kind: 'invitation-sent', email: leaver.email },
      { kind: 'member-removed', email: leaver.email },
    ]);
    await proveFresh(s, leaver);
    expect((await askDeletion(leaver)).status).toBe(200);
    s.clock.advanceSeconds(GRACE_DAYS * DAY_S + 60);
    await s.app.prune();
    expect(await named()).toEqual([
      { kind: 'invitation-sent', email: 'an erased account' },
      { kind: 'member-removed', email: 'an erased account' },
    ]);
  });

  it('an admin sees pending deletions, soonest first, and can cancel one (the user is mailed, the log says by whom)', async () => {
    const first = await markedClient();
    s.clock.advanceSeconds(60);
    const second = await markedClient();
    const client = await createUser(s);
    // Made now: the clock has moved days in the tests before, past any earlier access token's end.
    const admin = await createUser(s, { roles: ['Admin'] });
    expect((await s.api('GET', '/v1/deletions', { token: client.accessToken })).status).toBe(403);
    const list = await s.api('GET', '/v1/deletions', { token: admin.accessToken });
    expect(list.status).toBe(200);
    const ids = list.body.items.map((d: { userId: string }) => d.userId);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(list.body.items.find((d: { userId: string }) => d.userId === first.id)).toMatchObject({
      email: first.email,
    });
    const page = await s.api('GET', '/v1/deletions?limit=1', { token: admin.accessToken });
    const next = await s.api('GET', `/v1/deletions?limit=1&after=${page.body.next}`, { token: admin.accessToken });
    expect(next.body.items[0].userId).not.toBe(page.body.items[0].userId);

    expect((await s.api('DELETE', `/v1/deletions/${first.id}`, { token: admin.accessToken })).status).toBe(204);
    expect(await pending(first.id)).toBeUndefined();
    expect((await latestMail(s, first.email))?.text).toContain('cancelled by our support team');
    expect((await activity(first.id)).at(-1)).toEqual({
      kind: 'deletion-cancelled',
      details: { by: 'our support team' },
    });
    expect((await s.api('DELETE', `/v1/deletions/${first.id}`, { token: admin.accessToken })).status).toBe(404);
  });
});

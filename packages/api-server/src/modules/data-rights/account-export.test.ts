import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { addPasskey, newAuthenticator } from '../../../testing/passkeys';
import { createUserWithTotp } from '../../../testing/totp';
import { createUser, latestMail, proveFresh, type TestUser } from '../../../testing/users';
import { EXPORT_PAGE_ROWS } from './account-export';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_EXPORT: '3' } });
});
afterAll(async () => s.close());

const download = (token: string, format = 'json') =>
  fetch(`${s.url}/v1/current-user/export?format=${format}`, { headers: { authorization: `Bearer ${token}` } });

/** A new workspace of `u` holding one project and one link (https://example.com/), by name; its id. */
async function workspaceWith(u: TestUser, [workspace, project, link]: [string, string, string]) {
  const w = await s.api('POST', '/v1/workspaces', { token: u.accessToken, body: { name: workspace } });
  const p = await s.api('POST', '/v1/projects', {
    token: u.accessToken,
    body: { workspaceId: w.body.id, name: project },
  });
  await s.api('POST', '/v1/links', {
    token: u.accessToken,
    body: { workspaceId: w.body.id, projectId: p.body.id, title: link, url: 'https://example.com/' },
  });
  return w.body.id as string;
}

/** A client with a bit of everything: settings, a second factor, a passkey, an invoice, a workspace with more projects than a page. */
async function fullAccount() {
  const u = await createUserWithTotp(s);
  await proveFresh(s, u);
  expect((await addPasskey(s, u, newAuthenticator(s), { name: 'Work laptop' })).status).toBe(201);
  await s.api('PATCH', '/v1/current-user', {
    token: u.accessToken,
    body: { company: 'Fynbos Traders', settings: { theme: 'dark' } },
  });
  const w = await workspaceWith(u, ['Website relaunch', 'Shop front', 'Staging']);
  const now = s.clock.now();
  // More projects than one page holds, so the walk goes past a page boundary.
  await s.app.db
    .insertInto('projects')
    .values(
      Array.from({ length: EXPORT_PAGE_ROWS + 1 }, (_, i) => ({
        id: randomUUID(),
        workspace_id: w,
        name: `Bulk ${i}`,
        description: '',
        status: 'planning' as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await s.app.db
    .insertInto('invoices')
    .values({
      id: randomUUID(),
      user_id: u.id,
      number: `INV-${randomUUID().slice(0, 8)}`,
      issued_at: now,
      amount_zar: 4500,
      status: 'paid',
    })
    .execute();
  return { ...u, workspaceId: w };
}

/** `member` joins `owner`'s new workspace (one project, one link) through an invitation with `role`. */
async function sharedWorkspace(owner: TestUser, member: TestUser, role: 'owner' | 'editor' | 'viewer') {
  const w = await workspaceWith(owner, ['Agency shared', 'Brochure', 'Proofs']);
  const invited = await s.api('POST', `/v1/workspaces/${w}/invitations`, {
    token: owner.accessToken,
    body: { email: member.email, role },
  });
  expect(invited.status).toBe(201);
  const token = /\/invitations#([A-Za-z0-9_-]+)/.exec((await latestMail(s, member.email))?.text ?? '')?.[1];
  const accepted = await s.api('POST', '/v1/invitations/accept', { token: member.accessToken, body: { token } });
  expect(accepted.status).toBeLessThan(300);
  return w;
}

describe('Download my data', () => {
  it('needs a fresh proof', async () => {
    const u = await createUser(s);
    const res = await download(u.accessToken);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('fresh_proof_required');
  });

  it('gives every part the account holds as a JSON download, and nothing secret', async () => {
    const u = await fullAccount();
    await proveFresh(s, u);
    const res = await download(u.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kloof-digital-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text);
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'profile',
      'settings',
      'devices',
      'secondFactor',
      'passkeys',
      'billing',
      'mails',
      'workspaces',
      'activity',
    ]);
    expect(data.profile).toMatchObject({ id: u.id, email: u.email, company: 'Fynbos Traders' });
    expect(data.settings).toEqual({ theme: 'dark', newsletter: false });
    expect(data.devices.length).toBeGreaterThan(0);
    expect(data.secondFactor.authenticatorApp).not.toBeNull();
    expect(data.secondFactor.recoveryCodesLeft).toBe(u.recoveryCodes.length);
    expect(data.passkeys).toEqual([expect.objectContaining({ name: 'Work laptop' })]);
    expect(data.billing.invoices).toHaveLength(1);
    expect(data.mails.map((m: { kind: string }) => m.kind)).toContain('verify');
    expect(data.workspaces).toHaveLength(1);
    expect(data.workspaces[0].projects).toHaveLength(EXPORT_PAGE_ROWS + 2);
    expect(new Set(data.workspaces[0].projects.map((p: { id: string }) => p.id)).size).toBe(EXPORT_PAGE_ROWS + 2);
    expect(data.workspaces[0].links).toEqual([expect.objectContaining({ title: 'Staging' })]);

    const user = await s.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    const totp = await s.app.db
      .selectFrom('user_totp')
      .select('secret')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    const passkey = await s.app.db
      .selectFrom('passkeys')
      .select(['credential_id', 'public_key'])
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    const secrets = [
      user.password_hash,
      u.password,
      totp.secret,
      u.secret,
      passkey.credential_id,
      passkey.public_key,
      u.refreshToken,
      ...u.recoveryCodes,
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/hash|secret|token/i);
  });

  it('gives the same as a page to read', async () => {
    const u = await fullAccount();
    await proveFresh(s, u);
    const res = await download(u.accessToken, 'html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<h1>Your Kloof Digital data</h1>');
    expect(html).toContain('Shop front');
    expect(html).toContain(`Bulk ${EXPORT_PAGE_ROWS}`);
    expect(html).toContain('Work laptop');
  });

  it('has every workspace I am a member of, with my role, and all the projects and links I see there', async () => {
    const owner = await createUser(s);
    const member = await createUser(s);
    const own = await s.api('POST', '/v1/workspaces', { token: member.accessToken, body: { name: 'My own' } });
    const shared = await sharedWorkspace(owner, member, 'viewer');
    await proveFresh(s, member);
    const data = (await (await download(member.accessToken)).json()) as { workspaces: { id: string }[] };
    const byId = new Map(data.workspaces.map((w: { id: string }) => [w.id, w]));
    expect(byId.size).toBe(2);
    expect(byId.get(own.body.id)).toMatchObject({ name: 'My own', role: 'owner', projects: [], links: [] });
    expect(byId.get(shared)).toMatchObject({
      name: 'Agency shared',
      role: 'viewer',
      projects: [expect.objectContaining({ name: 'Brochure' })],
      links: [expect.objectContaining({ title: 'Proofs' })],
    });
    await proveFresh(s, member);
    const html = await (await download(member.accessToken, 'html')).text();
    expect(html).toContain('Agency shared');
    expect(html).toContain('<td>viewer</td>');
    expect(html).toContain('Proofs');
  });

  it('has the activity log, every event newest first past a page, with no device hash', async () => {
    const u = await createUser(s);
    const start = s.clock.now().getTime();
    // More events than one page, each a second apart, so the walk crosses a page boundary in order.
    await s.app.db
      .insertInto('activity_events')
      .values(
        Array.from({ length: EXPORT_PAGE_ROWS + 1 }, (_, i) => ({
          id: randomUUID(),
          user_id: u.id,
          kind: 'sign-in' as const,
          at: new Date(start - (i + 1) * 1000),
          browser: 'Firefox 128',
          os: 'macOS',
          device_hash: `device-hash-${i}`,
          address: '198.51.100.7',
          network: '198.51.100.0/24',
          place: null,
          details: JSON.stringify({ method: 'password', n: i }),
        })),
      )
      .execute();
    await proveFresh(s, u);
    const res = await download(u.accessToken);
    const text = await res.text();
    const { activity } = JSON.parse(text) as { activity: { at: string; kind: string; details: { n?: number } }[] };
    const all = await s.app.db.selectFrom('activity_events').select('id').where('user_id', '=', u.id).execute();
    expect(activity).toHaveLength(all.length);
    expect(activity.length).toBeGreaterThan(EXPORT_PAGE_ROWS + 1);
    const times = activity.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const bulk = activity.filter((e) => e.details.n !== undefined).map((e) => e.details.n);
    expect(bulk).toEqual(Array.from({ length: EXPORT_PAGE_ROWS + 1 }, (_, i) => i));
    expect(activity[activity.length - 1]).toEqual({
      kind: 'sign-in',
      at: new Date(start - (EXPORT_PAGE_ROWS + 1) * 1000).toISOString(),
      browser: 'Firefox 128',
      os: 'macOS',
      address: '198.51.100.7',
      network: '198.51.100.0/24',
      place: null,
      details: { method: 'password', n: EXPORT_PAGE_ROWS },
    });
    expect(text).not.toContain('device-hash-');
    await proveFresh(s, u);
    const html = await (await download(u.accessToken, 'html')).text();
    expect(html).toContain('<h2>Activity</h2>');
    expect(html).toContain('Activity, newest first');
  });

  it('is rate-limited per account', async () => {
    const u = await createUser(s);
    await proveFresh(s, u);
    for (let i = 0; i < 3; i++) expect((await download(u.accessToken)).status).toBe(200);
    expect((await download(u.accessToken)).status).toBe(429);
  });
});

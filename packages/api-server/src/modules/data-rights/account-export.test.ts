import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { addPasskey, newAuthenticator } from '../../../testing/passkeys';
import { createUserWithTotp } from '../../../testing/totp';
import { createUser, proveFresh } from '../../../testing/users';
import { EXPORT_PAGE_ROWS } from './account-export';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_EXPORT: '3' } });
});
afterAll(async () => s.close());

const download = (token: string, format = 'json') =>
  fetch(`${s.url}/v1/current-user/export?format=${format}`, { headers: { authorization: `Bearer ${token}` } });

/** A client with a bit of everything: settings, a second factor, a passkey, an invoice, a workspace with more projects than a page. */
async function fullAccount() {
  const u = await createUserWithTotp(s);
  await proveFresh(s, u);
  expect((await addPasskey(s, u, newAuthenticator(s), { name: 'Work laptop' })).status).toBe(201);
  await s.api('PATCH', '/v1/current-user', {
    token: u.accessToken,
    body: { company: 'Fynbos Traders', settings: { theme: 'dark' } },
  });
  const w = await s.api('POST', '/v1/workspaces', { token: u.accessToken, body: { name: 'Website relaunch' } });
  const p = await s.api('POST', '/v1/projects', {
    token: u.accessToken,
    body: { workspaceId: w.body.id, name: 'Shop front' },
  });
  await s.api('POST', '/v1/links', {
    token: u.accessToken,
    body: { workspaceId: w.body.id, projectId: p.body.id, title: 'Staging', url: 'https://staging.example.com/' },
  });
  const now = s.clock.now();
  // More projects than one page holds, so the walk goes past a page boundary.
  await s.app.db
    .insertInto('projects')
    .values(
      Array.from({ length: EXPORT_PAGE_ROWS + 1 }, (_, i) => ({
        id: randomUUID(),
        workspace_id: w.body.id as string,
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
  return { ...u, workspaceId: w.body.id as string };
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

  it('is rate-limited per account', async () => {
    const u = await createUser(s);
    await proveFresh(s, u);
    for (let i = 0; i < 3; i++) expect((await download(u.accessToken)).status).toBe(200);
    expect((await download(u.accessToken)).status).toBe(429);
  });
});

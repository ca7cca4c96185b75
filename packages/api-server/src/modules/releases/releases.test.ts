import fs from 'node:fs/promises';
import path from 'node:path';
import { ERROR_TEXTS } from '@kloof/api-contract/constants';
import { release } from '@kloof/release-tool/store';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, proveFresh, uniqueEmail, type TestUser } from '../../../testing/users';
import { RELEASE_CHANGERS_ONLY, RELEASE_READERS_ONLY } from './releases.routes';
import { releaseStoreOf } from './releases.service';

let s: TestServer;
let releasesDir: string;
let versions: string[];
let boss: TestUser;
let admin: TestUser;
let system: TestUser;
const systemEmail = uniqueEmail('ops');

const registryText = () => fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8');
const historyText = () => fs.readFile(path.join(releasesDir, 'history.jsonl'), 'utf8');
const marketing = async () => JSON.parse(await registryText()).apps.marketing;
const act = (u: TestUser, action: string, body: Record<string, unknown>, app = 'marketing') =>
  s.api('POST', `/v1/releases/${app}/${action}`, { token: u.accessToken, body });

beforeAll(async () => {
  const work = await tempDir();
  releasesDir = path.join(work, 'releases');
  s = await startTestServer({ env: { RELEASES_DIR: releasesDir, SYSTEM_USER_EMAILS: systemEmail } });
  // Released by the command line's own function, into the store the API reads through its settings.
  const store = releaseStoreOf(s.config);
  versions = [];
  for (const [label, canary] of [['one'], ['two'], ['three', 10]] as const) {
    const result = await release(store, 'marketing', await fakeBuild(work, 'marketing', label), {
      canary,
      who: 'ci-bot',
    });
    versions.push(result.to);
  }
  boss = await createUser(s, { roles: ['SuperAdmin'] });
  admin = await createUser(s, { roles: ['Admin'] });
  system = await createUser(s, { email: systemEmail });
});
afterAll(async () => s?.close());

describe('the releases console API', () => {
  it('shows Admins what is live per app, read only, and never where releases are kept', async () => {
    const res = await s.api('GET', '/v1/releases', { token: admin.accessToken });
    expect(res.status).toBe(200);
    const [one, two, three] = versions;
    expect(res.body.canChange).toBe(false);
    expect(res.body.apps.find((a: { app: string }) => a.app === 'marketing')).toEqual({
      app: 'marketing',
      origin: '',
      stable: { version: two, releasedAt: expect.any(String), releasedBy: 'ci-bot' },
      canary: { version: three, share: 10, releasedAt: expect.any(String), releasedBy: 'ci-bot' },
      previous: one,
      lastKnownGood: one,
    });
    expect(JSON.stringify(res.body)).not.toContain(releasesDir);
    expect((await s.api('GET', '/v1/releases', { token: boss.accessToken })).body.canChange).toBe(true);
    expect((await s.api('GET', '/v1/releases', { token: system.accessToken })).body.canChange).toBe(true);
  });

  it('refuses a signed-in user who is neither an Admin nor a system user', async () => {
    const plain = await createUser(s);
    for (const url of ['/v1/releases', '/v1/releases/history']) {
      const res = await s.api('GET', url, { token: plain.accessToken });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(RELEASE_READERS_ONLY);
    }
  });

  it('pages the history newest first, for one app or all', async () => {
    const first = await s.api('GET', '/v1/releases/history?limit=2', { token: admin.accessToken });
    expect(first.status).toBe(200);
    expect(first.body.items.map((e: { to: string }) => e.to)).toEqual([versions[2], versions[1]]);
    expect(first.body.items[0]).toMatchObject({ action: 'canary', share: 10, who: 'ci-bot', app: 'marketing' });
    const second = await s.api('GET', `/v1/releases/history?limit=2&after=${first.body.next}`, {
      token: admin.accessToken,
    });
    expect(second.body).toEqual({ items: [expect.objectContaining({ to: versions[0] })], next: null });
    const other = await s.api('GET', '/v1/releases/history?app=auth', { token: admin.accessToken });
    expect(other.body).toEqual({ items: [], next: null });
    const forged = await s.api('GET', '/v1/releases/history?after=bm90LWEta2V5', { token: admin.accessToken });
    expect(forged.status).toBe(400);
  });

  it('refuses every change to an Admin, even with a fresh proof: a stolen Admin token moves nothing', async () => {
    await proveFresh(s, admin);
    const before = [await registryText(), await historyText()];
    for (const [action, body] of [
      ['promote', { reason: 'looks good' }],
      ['rollback', { reason: 'bad' }],
      ['abort', { reason: 'bad' }],
      ['canary-share', { reason: 'wider', share: 50 }],
    ] as const) {
      const res = await act(admin, action, body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(RELEASE_CHANGERS_ONLY);
    }
    expect([await registryText(), await historyText()]).toEqual(before);
  });

  it('asks a SuperAdmin for a fresh proof before any change', async () => {
    const before = await registryText();
    const res = await act(boss, 'promote', { reason: 'looks good' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ERROR_TEXTS.fresh_proof_required);
    expect(await registryText()).toBe(before);
  });

  it('refuses a bad version name, an unstored version, an unknown app and a missing reason, changing nothing', async () => {
    await proveFresh(s, boss);
    const before = [await registryText(), await historyText()];
    const badName = await act(boss, 'rollback', { reason: 'back', version: 'latest' });
    expect(badName.status).toBe(400);
    expect(badName.body.message).toMatch(/version/);
    const unstored = await act(boss, 'rollback', { reason: 'back', version: '20200101-000000-000-0123456789' });
    expect(unstored.status).toBe(409);
    expect(unstored.body.message).toBe(
      `marketing has no stored version 20200101-000000-000-0123456789. Available: ${versions.join(', ')}.`,
    );
    const unknown = await act(boss, 'abort', { reason: 'stop' }, 'billing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Unknown app "billing". Known apps: host, marketing, auth, clientArea, admin.');
    expect((await act(boss, 'abort', {})).status).toBe(400);
    expect((await act(boss, 'abort', { reason: 'two\nlines' })).status).toBe(400);
    expect([await registryText(), await historyText()]).toEqual(before);
  });

  it('lets a system user with a fresh proof widen the canary, recorded with who and why', async () => {
    await proveFresh(s, system);
    const res = await act(system, 'canary-share', { reason: 'quiet for an hour', share: 30 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ app: 'marketing', action: 'canary', share: 30 });
    expect(res.body.message).toBe(`marketing: canary ${versions[2]} -> ${versions[2]} for 30% of browsers`);
    expect((await marketing()).canary).toMatchObject({ version: versions[2], share: 30, releasedBy: systemEmail });
    const latest = (await s.api('GET', '/v1/releases/history?limit=1', { token: system.accessToken })).body.items[0];
    expect(latest).toMatchObject({ action: 'canary', who: systemEmail, reason: 'quiet for an hour', share: 30 });
  });

  it('runs two changes at once one after the other under the one lock: the second finds the canary gone', async () => {
    await proveFresh(s, boss);
    const lines = (await historyText()).split('\n').length;
    const answers = await Promise.all([
      act(boss, 'promote', { reason: 'ship it' }),
      act(boss, 'abort', { reason: 'stop it' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    // Whichever came second: a promote finds nothing to promote, an abort nothing running.
    expect(['marketing has no canary to promote.', 'marketing has no canary running.']).toContain(refused.body.message);
    expect((await historyText()).split('\n').length).toBe(lines + 1);
  });

  it('rolls back to the previous version for a SuperAdmin with a fresh proof', async () => {
    await proveFresh(s, boss);
    const stable = (await marketing()).stable.version;
    const res = await act(boss, 'rollback', { reason: 'errors after the promote' });
    expect(res.status).toBe(200);
    // Promoted: three, then back to two; aborted: two, then back to one.
    const back = stable === versions[2] ? versions[1] : versions[0];
    expect(res.body).toMatchObject({ action: 'rollback', from: stable, to: back });
    expect((await marketing()).stable.version).toBe(back);
    expect(res.body.message).toBe(`marketing: rolled back ${stable} -> ${res.body.to}`);
    const line = JSON.parse((await historyText()).trim().split('\n').at(-1)!);
    expect(line).toMatchObject({ action: 'rollback', who: boss.email, reason: 'errors after the promote' });
  });
});

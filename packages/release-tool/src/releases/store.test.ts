import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { fakeBuild, freshReleases, releaseMoment as at, stableManifests } from '../../testing/build-fixtures';
import { readHistory } from './history';
import type { ReleasesLayout } from '@kloof/release-store/folder';
import { readLive } from './registry';
import { status } from './status';
import { release, rollback } from './store';

let work: string;
let layout: ReleasesLayout;

beforeEach(async () => {
  ({ work, layout } = await freshReleases());
});

async function snapshot(): Promise<string> {
  const files = ['registry.json', 'history.jsonl'];
  const contents = await Promise.all(files.map((f) => fs.readFile(path.join(layout.root, f), 'utf8').catch(() => '')));
  const dirs = await fs.readdir(layout.root, { recursive: true }).catch(() => []);
  return JSON.stringify({ contents, dirs: dirs.sort() });
}

describe('release', () => {
  it('stores a build as an immutable version and points registry.json at it', async () => {
    const build = await fakeBuild(work, 'marketing', 'one');
    const result = await release(layout, 'marketing', build, { now: at(1) });

    expect(result).toMatchObject({ app: 'marketing', from: null, changed: true });
    expect(result.to).toMatch(/^20261122-100001-000-[0-9a-f]{10}$/);
    expect(await stableManifests(layout)).toEqual({
      marketing: `/remotes/marketing/${result.to}/mf-manifest.json`,
    });
    const stored = path.join(layout.versionDir('marketing', result.to), 'remoteEntry.js');
    expect(await fs.readFile(stored, 'utf8')).toBe('var marketing = "one";');
    expect((await fs.stat(stored)).mode & 0o222).toBe(0);
  });

  it('accepts the folder name of an app and keeps the other pointers', async () => {
    const area = await release(layout, 'client-area', await fakeBuild(work, 'clientArea', 'a'), { now: at(1) });
    const host = await release(layout, 'host', await fakeBuild(work, 'host', 'h'), { now: at(2) });
    const marketing = await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'm'), { now: at(3) });

    const live = await readLive(layout);
    expect(live.clientArea?.version).toBe(area.to);
    expect(live.host?.version).toBe(host.to);
    expect(live.marketing?.version).toBe(marketing.to);
    expect(Object.keys(await stableManifests(layout))).toEqual(['marketing', 'clientArea']);
    // One pointer file: the older remotes.json and host.json are never written.
    expect((await fs.readdir(layout.root)).filter((f) => f.endsWith('.json'))).toEqual(['registry.json']);
  });

  it('stores the same content once: a canary of a build already stored (an aborted canary) reuses its version', async () => {
    const a = await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'a'), { now: at(1) });
    const b = await fakeBuild(work, 'marketing', 'b');
    const first = await release(layout, 'marketing', b, { now: at(2), canary: 20 });
    await rollback(layout, 'marketing'); // aborts it
    const again = await release(layout, 'marketing', b, { now: at(3), canary: 20 });
    expect(again).toMatchObject({ action: 'canary', to: first.to, changed: true });
    expect((await fs.readdir(layout.appDir('marketing'))).sort()).toEqual([a.to, first.to].sort());
    // And as a stable release too.
    const stable = await release(layout, 'marketing', b, { now: at(4) });
    expect(stable.to).toBe(first.to);
    expect(await fs.readdir(layout.appDir('marketing'))).toHaveLength(2);
  });

  it('changes nothing when the build is identical to the live one', async () => {
    const build = await fakeBuild(work, 'auth', 'same');
    const first = await release(layout, 'auth', build, { now: at(1) });
    const before = await snapshot();
    const second = await release(layout, 'auth', build, { now: at(2) });
    expect(second).toEqual({ app: 'auth', action: 'release', from: first.to, to: first.to, changed: false });
    expect(await snapshot()).toBe(before);
  });

  it('publishes at another origin when asked, and keeps that origin on later changes', async () => {
    await release(layout, 'admin', await fakeBuild(work, 'admin', 'a1'), {
      now: at(1),
      origin: 'https://cdn.example.com',
    });
    const second = await release(layout, 'admin', await fakeBuild(work, 'admin', 'a2'), { now: at(2) });
    expect((await stableManifests(layout)).admin).toBe(
      `https://cdn.example.com/remotes/admin/${second.to}/mf-manifest.json`,
    );
    const moved = await release(layout, 'admin', await fakeBuild(work, 'admin', 'a2'), { origin: '' });
    expect(moved).toEqual({ app: 'admin', action: 'release', from: second.to, to: second.to, changed: true });
    expect((await stableManifests(layout)).admin).toBe(`/remotes/admin/${second.to}/mf-manifest.json`);
  });

  it.each([
    [
      'an unknown app',
      'shop',
      'marketing',
      /Unknown app "shop"\. Known apps: host, marketing, auth, clientArea, admin\./,
    ],
    ['a folder without mf-manifest.json', 'marketing', 'no-manifest', /has no mf-manifest\.json/],
    ['a build of another remote', 'marketing', 'auth', /belongs to "auth", not to "marketing"/],
    ['a remote without its remote entry', 'marketing', 'no-entry', /lacks the remote entry/],
    ['a host without index.html', 'host', 'no-index', /has no index\.html/],
    ['a folder that does not exist', 'marketing', 'missing', /is not a folder/],
  ])('refuses %s and changes nothing', async (_case, app, kind, message) => {
    await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'live'), { now: at(1) });
    await release(layout, 'host', await fakeBuild(work, 'host', 'live'), { now: at(2) });
    let dir = path.join(work, 'missing');
    if (kind === 'marketing' || kind === 'auth') dir = await fakeBuild(work, kind, 'x');
    if (kind === 'no-manifest') {
      dir = await fakeBuild(work, 'marketing', 'x');
      await fs.rm(path.join(dir, 'mf-manifest.json'));
    }
    if (kind === 'no-entry') {
      dir = await fakeBuild(work, 'marketing', 'y');
      await fs.rm(path.join(dir, 'remoteEntry.js'));
    }
    if (kind === 'no-index') {
      dir = await fakeBuild(work, 'host', 'z');
      await fs.rm(path.join(dir, 'index.html'));
    }
    const before = await snapshot();
    await expect(release(layout, app, dir, { now: at(3) })).rejects.toThrow(message);
    expect(await snapshot()).toBe(before);
  });
});

describe('rollback', () => {
  async function threeVersions(): Promise<string[]> {
    const versions: string[] = [];
    for (const [i, label] of ['v1', 'v2', 'v3'].entries()) {
      versions.push(
        (await release(layout, 'marketing', await fakeBuild(work, 'marketing', label), { now: at(i + 1) })).to,
      );
    }
    return versions;
  }

  it('points back at the previous version, then the one before, and records who did it', async () => {
    const [v1, v2, v3] = await threeVersions();
    process.env.USER = 'ops-sipho';
    expect(await rollback(layout, 'marketing')).toEqual({
      app: 'marketing',
      action: 'rollback',
      from: v3,
      to: v2,
      changed: true,
    });
    expect(await rollback(layout, 'marketing')).toMatchObject({ from: v2, to: v1 });
    expect((await readLive(layout)).marketing?.version).toBe(v1);
    await expect(rollback(layout, 'marketing')).rejects.toThrow(`marketing has no version older than ${v1}.`);

    const history = await readHistory(layout);
    expect(history.map((e) => [e.action, e.from, e.to])).toEqual([
      ['release', null, v1],
      ['release', v1, v2],
      ['release', v2, v3],
      ['rollback', v3, v2],
      ['rollback', v2, v1],
    ]);
    expect(history.at(-1)).toMatchObject({ app: 'marketing', who: 'ops-sipho' });
    expect(Date.parse(history.at(-1)!.time)).not.toBeNaN();
  });

  it('goes back to what was live before, never to a canary that was aborted', async () => {
    const a = (await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'a'), { now: at(1) })).to;
    const b = (await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'b'), { now: at(2), canary: 30 }))
      .to;
    expect(await rollback(layout, 'marketing')).toMatchObject({ action: 'abort', from: b, to: a });
    const c = (await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'c'), { now: at(3) })).to;

    expect(await rollback(layout, 'marketing')).toMatchObject({ action: 'rollback', from: c, to: a });
    // The aborted canary is still stored, and a named rollback still reaches it.
    expect(await rollback(layout, 'marketing', b)).toMatchObject({ action: 'rollback', from: a, to: b });
  });

  it('goes back along the history, not the folder order, after a named rollback forwards', async () => {
    const [v1, v2, v3] = await threeVersions();
    await rollback(layout, 'marketing', v1); // v3 -> v1
    await rollback(layout, 'marketing', v3); // v1 -> v3, forwards
    // v3 was reached from v1: going back lands there, not on v2 (the newest older folder).
    expect(await rollback(layout, 'marketing')).toMatchObject({ from: v3, to: v1 });
    expect(v2).toBeDefined();
  });

  it('goes to a named version, forwards too', async () => {
    const [v1, , v3] = await threeVersions();
    await rollback(layout, 'marketing', v1);
    expect(await rollback(layout, 'marketing', v3)).toMatchObject({ from: v1, to: v3 });
  });

  it('refuses a missing, malformed, live or broken version and changes nothing', async () => {
    const [v1, , v3] = await threeVersions();
    const before = await snapshot();
    await expect(rollback(layout, 'marketing', '20991231-235959-999-0123456789')).rejects.toThrow(
      /marketing has no stored version 20991231-235959-999-0123456789\. Available: /,
    );
    await expect(rollback(layout, 'marketing', 'latest')).rejects.toThrow(/"latest" is not a version name/);
    await expect(rollback(layout, 'marketing', v3)).rejects.toThrow(`marketing is already at ${v3}.`);
    await expect(rollback(layout, 'auth')).rejects.toThrow('auth has no live version to roll back from.');
    await expect(rollback(layout, 'nope')).rejects.toThrow(/Unknown app "nope"/);

    const broken = layout.versionDir('marketing', v1!);
    await fs.chmod(broken, 0o755);
    await fs.rm(path.join(broken, 'mf-manifest.json'), { force: true });
    await expect(rollback(layout, 'marketing', v1)).rejects.toThrow(/has no mf-manifest\.json/);
    const after = JSON.parse(await snapshot()) as { contents: string[] };
    expect(after.contents).toEqual((JSON.parse(before) as { contents: string[] }).contents);
  });

  it('leaves a valid registry.json and a consistent history after many concurrent rollbacks', async () => {
    const versions = await threeVersions();
    await release(layout, 'auth', await fakeBuild(work, 'auth', 'a'), { now: at(9) });
    const targets = Array.from({ length: 12 }, (_, i) => versions[i % 3]!);
    const results = await Promise.allSettled(targets.map((v) => rollback(layout, 'marketing', v)));

    const registry = await stableManifests(layout);
    const live = (await readLive(layout)).marketing!.version;
    expect(versions).toContain(live);
    expect(Object.keys(registry)).toEqual(['marketing', 'auth']);

    // Every accepted change starts where the previous one ended: no lost update.
    const changes = (await readHistory(layout)).filter((e) => e.app === 'marketing' && e.action === 'rollback');
    expect(changes).toHaveLength(results.filter((r) => r.status === 'fulfilled').length);
    let cursor = versions[2];
    for (const change of changes) {
      expect(change.from).toBe(cursor);
      cursor = change.to;
    }
    expect(cursor).toBe(live);
    const leftovers = (await fs.readdir(layout.root)).filter((f) => f.endsWith('.tmp') || f === '.lock');
    expect(leftovers).toEqual([]);
  });
});

describe('status', () => {
  it('shows the live and stored versions of every app and the last change', async () => {
    const first = await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'one'), { now: at(1) });
    const second = await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'two'), { now: at(2) });
    await rollback(layout, 'marketing');
    const rows = await status(layout);
    expect(rows.map((r) => r.app)).toEqual(['host', 'marketing', 'auth', 'clientArea', 'admin']);
    expect(rows[1]).toMatchObject({
      live: first.to,
      origin: '',
      versions: [first.to, second.to],
      lastChange: { action: 'rollback', from: second.to, to: first.to },
    });
    expect(rows[0]).toMatchObject({ live: null, versions: [], lastChange: null });
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { CURRENT_SHARED, fakeBuild, freshReleases, stableManifests } from '../../testing/build-fixtures';
import { readHistory } from './history';
import { readRegistryFile, type ReleasesLayout } from '@kloof/release-store/folder';
import { prune } from './prune';
import { abortCanary, IncompatibleReleaseError, promote, release, rollback } from './store';

let work: string;
let layout: ReleasesLayout;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute, 0));
const marketingPages = ['./Home', './Pricing'];

async function liveHost(label = 'h1'): Promise<string> {
  const build = await fakeBuild(work, 'host', label, { shared: CURRENT_SHARED, loads: { marketing: marketingPages } });
  return (await release(layout, 'host', build, { now: at(0) })).to;
}

const marketing = (label: string, facts: Parameters<typeof fakeBuild>[3] = {}) =>
  fakeBuild(work, 'marketing', label, { shared: CURRENT_SHARED, exposes: marketingPages, ...facts });

beforeEach(async () => {
  ({ work, layout } = await freshReleases());
});

describe('compatibility gate', () => {
  it('lets a remote go live whose shared ranges the live host satisfies and that exposes what the host loads', async () => {
    await liveHost();
    await expect(release(layout, 'marketing', await marketing('ok'), { now: at(1) })).resolves.toMatchObject({
      changed: true,
    });
  });

  it('refuses a remote that needs a React the live host does not provide, with the diff, and changes nothing', async () => {
    const host = await liveHost();
    const before = await fs.readdir(layout.root, { recursive: true });
    const build = await marketing('react20', { shared: { ...CURRENT_SHARED, react: ['20.0.0', '^20.0.0'] } });
    const refused = release(layout, 'marketing', build, { now: at(1) });
    await expect(refused).rejects.toThrow(IncompatibleReleaseError);
    await expect(refused).rejects.toThrow(
      `in host ${host}: shared react: the candidate requires ^20.0.0, the live host provides 19.3.1`,
    );
    expect(await fs.readdir(layout.root, { recursive: true })).toEqual(before);
    expect(await stableManifests(layout)).toEqual({});
  });

  it('refuses a remote that no longer exposes a page the live host routes to', async () => {
    await liveHost();
    const build = await marketing('nopricing', { exposes: ['./Home'] });
    await expect(release(layout, 'marketing', build, { now: at(1) })).rejects.toThrow(
      'module ./Pricing: the live host loads it, the candidate does not expose it',
    );
  });

  it("flags a host release that would strand a remote's rollback target", async () => {
    await liveHost();
    const old = await release(layout, 'marketing', await marketing('old'), { now: at(1) });
    await release(layout, 'marketing', await marketing('new', { exposes: ['./Home', './Pricing', './Blog'] }), {
      now: at(2),
    });
    // The new host routes to ./Blog: the live marketing has it, the one a rollback goes back to does not.
    const loadsBlog = await fakeBuild(work, 'host', 'h2', {
      shared: CURRENT_SHARED,
      loads: { marketing: ['./Home', './Pricing', './Blog'] },
    });
    const refused = await release(layout, 'host', loadsBlog, { now: at(3) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(IncompatibleReleaseError);
    expect((refused as IncompatibleReleaseError).message).toContain(
      `marketing ${old.to} in host ${(refused as IncompatibleReleaseError).problems[0]!.host}: module ./Blog: the candidate loads it, the rollback target marketing does not expose it`,
    );
    // Forced, it goes live and the history says what was overridden.
    await release(layout, 'host', loadsBlog, { now: at(3), force: true });
    const forced = (await readHistory(layout)).at(-1)!.forced!;
    expect(forced.join('\n')).toContain('the rollback target marketing does not expose it');
  });

  it('checks a host release the other way, against every live remote (stable and canary)', async () => {
    await liveHost();
    await release(layout, 'marketing', await marketing('stable'), { now: at(1) });
    await release(layout, 'marketing', await marketing('canary', { exposes: ['./Home', './Pricing', './Blog'] }), {
      now: at(2),
      canary: 10,
    });
    const loadsBlogWrong = await fakeBuild(work, 'host', 'h2', {
      shared: { ...CURRENT_SHARED, 'react-router-dom': ['6.30.0', '^6.30.0'] },
      loads: { marketing: ['./Home', './Pricing', './Blog'] },
    });
    const refused = await release(layout, 'host', loadsBlogWrong, { now: at(3) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(IncompatibleReleaseError);
    const problems = (refused as IncompatibleReleaseError).problems.map(
      (p) => `${p.remoteVersion.slice(-10)} ${p.what}`,
    );
    // The stable marketing lacks ./Blog; both need the router 7 the candidate host does not provide.
    expect(problems).toHaveLength(3);
    expect(problems.filter((p) => p.endsWith('module ./Blog'))).toHaveLength(1);
    expect(problems.filter((p) => p.endsWith('shared react-router-dom'))).toHaveLength(2);
    // Each line names the side that lacks something: here the candidate host, or the live remote.
    const message = (refused as IncompatibleReleaseError).message;
    expect(message).toMatch(/: module \.\/Blog: the candidate loads it, the live marketing does not expose it\n/);
    expect(message).toMatch(
      /: shared react-router-dom: the live marketing requires \^7\.18\.0, the candidate provides 6\.30\.0\n/,
    );
  });

  it('lets --force override, and writes the override to the history', async () => {
    await liveHost();
    const build = await marketing('forced', { exposes: ['./Home'] });
    const result = await release(layout, 'marketing', build, { now: at(1), force: true });
    expect(result.forced).toEqual([
      expect.stringMatching(/module \.\/Pricing: the live host loads it, the candidate does not expose it$/),
    ]);
    expect((await readHistory(layout)).at(-1)).toMatchObject({ action: 'release', forced: result.forced });
  });
});

describe('registry: stable, canary, integrity', () => {
  it('records the SHA-384 of the manifest and the remote entry of each live version', async () => {
    const build = await marketing('one');
    const { to } = await release(layout, 'marketing', build, { now: at(1) });
    const sha384 = async (file: string) =>
      `sha384-${createHash('sha384')
        .update(await fs.readFile(path.join(build, file)))
        .digest('base64')}`;
    const entry = (await readRegistryFile(layout)).apps.marketing!;
    expect(entry.stable).toMatchObject({
      version: to,
      integrity: {
        manifest: await sha384('mf-manifest.json'),
        remoteEntry: await sha384('remoteEntry.js'),
        remoteEntryPath: 'remoteEntry.js',
      },
      releasedBy: expect.any(String),
    });
  });

  it('keeps the stable version in registry.json while a canary runs, promotes it, and aborts another', async () => {
    const stable = (await release(layout, 'marketing', await marketing('s'), { now: at(1) })).to;
    const canary = await release(layout, 'marketing', await marketing('c'), { now: at(2), canary: 25 });
    expect(canary).toMatchObject({ action: 'canary', from: stable, share: 25 });
    expect((await stableManifests(layout)).marketing).toContain(stable);
    expect((await readRegistryFile(layout)).apps.marketing).toMatchObject({
      stable: { version: stable },
      canary: { version: canary.to, share: 25 },
    });

    expect(await promote(layout, 'marketing')).toMatchObject({ action: 'promote', from: stable, to: canary.to });
    expect((await readRegistryFile(layout)).apps.marketing).toMatchObject({
      stable: { version: canary.to },
      canary: null,
      previous: stable,
    });
    expect((await stableManifests(layout)).marketing).toContain(canary.to);

    const next = await release(layout, 'marketing', await marketing('c2'), { now: at(3), canary: 5 });
    expect(await rollback(layout, 'marketing')).toMatchObject({ action: 'abort', from: next.to, to: canary.to });
    expect((await readRegistryFile(layout)).apps.marketing?.canary).toBeNull();
    await expect(abortCanary(layout, 'marketing')).rejects.toThrow('marketing has no canary running.');
    await expect(promote(layout, 'marketing')).rejects.toThrow('marketing has no canary to promote.');

    expect((await readHistory(layout)).map((e) => e.action)).toEqual([
      'release',
      'canary',
      'promote',
      'canary',
      'abort',
    ]);
  });

  it.each([0, 100, -5, Number.NaN])('refuses a canary share of %p', async (share) => {
    await expect(release(layout, 'marketing', await marketing(`x${share}`), { canary: share })).rejects.toThrow(
      /--canary takes a percent of browsers above 0 and below 100/,
    );
  });
});

describe('prune', () => {
  async function sixVersions(): Promise<string[]> {
    const versions: string[] = [];
    for (let i = 1; i <= 6; i += 1) {
      versions.push((await release(layout, 'marketing', await marketing(`p${i}`), { now: at(i) })).to);
    }
    return versions;
  }

  it('keeps the newest n and never the stable, canary, previous, last known good or anything live in the last 24 hours', async () => {
    const v = await sixVersions();
    await rollback(layout, 'marketing', v[1]); // stable v1 (0-based), previous v5
    await release(layout, 'marketing', await marketing('p7'), { canary: 10 });
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const [result] = await prune(layout, 1, { app: 'marketing', now: tomorrow });
    const canary = (await readRegistryFile(layout)).apps.marketing!.canary!.version;
    // Kept: newest (the canary), stable v[1], previous v[5], last known good v[0] (stable before v[1]).
    expect(result!.deleted).toEqual([v[2], v[3], v[4]]);
    expect(result!.kept).toEqual([v[0], v[1], v[5], canary]);
    expect(result!.why).toEqual({
      [v[0]!]: ['last known good'],
      [v[1]!]: ['stable'],
      [v[5]!]: ['previous'],
      [canary]: ['canary', 'one of the newest 1'],
    });
    expect(await fs.readdir(layout.appDir('marketing'))).toEqual([v[0], v[1], v[5], canary].sort());
    expect((await readHistory(layout)).filter((e) => e.action === 'prune').map((e) => e.from)).toEqual(result!.deleted);
  });

  it('deletes the prerendered pages of the versions it deletes, and no others', async () => {
    const v = await sixVersions();
    const pair = (remote: string, version: string) => `host-h1+${remote}-${version}`;
    const pairs = [...v.map((version) => pair('marketing', version)), pair('auth', v[2]!)];
    for (const name of pairs) {
      await fs.mkdir(path.join(layout.root, 'pages', name), { recursive: true });
      await fs.writeFile(path.join(layout.root, 'pages', name, 'pages.json'), '[]');
    }
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const [result] = await prune(layout, 1, { app: 'marketing', now: tomorrow });
    expect(result!.deleted.length).toBeGreaterThan(0);
    expect(result!.deletedPages).toEqual(result!.deleted.map((version) => pair('marketing', version)));
    expect((await fs.readdir(path.join(layout.root, 'pages'))).sort()).toEqual(
      [...result!.kept.map((version) => pair('marketing', version)), pair('auth', v[2]!)].sort(),
    );
  });

  it('keeps every version that was live in the last 24 hours', async () => {
    const v = await sixVersions();
    const [result] = await prune(layout, 0, { app: 'marketing' });
    expect(result!.deleted).toEqual([]);
    expect(result!.kept).toEqual(v);
  });

  it('refuses a negative or fractional --keep', async () => {
    await expect(prune(layout, -1)).rejects.toThrow('--keep takes a whole number of versions (got -1).');
    await expect(prune(layout, 1.5)).rejects.toThrow('--keep takes a whole number');
  });
});

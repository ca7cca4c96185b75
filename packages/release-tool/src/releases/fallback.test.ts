import { beforeEach, describe, expect, it } from '@jest/globals';
import { readRegistryFile, type ReleasesLayout } from '@kloof/release-store/folder';
import { fakeBuild, freshReleases, releaseMoment as at } from '../../testing/build-fixtures';
import { prune } from './prune';
import { integrityOf } from './registry';
import { findApp } from './apps';
import { release, rollback } from './store';

let work: string;
let layout: ReleasesLayout;

beforeEach(async () => {
  ({ work, layout } = await freshReleases());
});

const fallbackOf = async (app: string) => (await readRegistryFile(layout)).apps[app]?.fallback;

describe('the last known good version registry.json pins for browsers whose version fails', () => {
  it('is none for the first release, then the version stable before, with its hashes', async () => {
    const a = await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'a'), { now: at(1) });
    expect(await fallbackOf('marketing')).toBeNull();
    await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'b'), { now: at(2) });
    expect(await fallbackOf('marketing')).toEqual({
      version: a.to,
      integrity: await integrityOf(findApp('marketing'), layout.versionDir('marketing', a.to)),
      releasedAt: expect.any(String),
      releasedBy: expect.any(String),
    });
  });

  it('is never an aborted canary, and follows a rollback back down the history', async () => {
    const a = await release(layout, 'auth', await fakeBuild(work, 'auth', 'a'), { now: at(1) });
    const b = await release(layout, 'auth', await fakeBuild(work, 'auth', 'b'), { now: at(2), canary: 30 });
    await rollback(layout, 'auth'); // aborts the canary b
    const c = await release(layout, 'auth', await fakeBuild(work, 'auth', 'c'), { now: at(3) });
    expect((await fallbackOf('auth'))?.version).toBe(a.to);
    expect((await fallbackOf('auth'))?.version).not.toBe(b.to);
    const d = await release(layout, 'auth', await fakeBuild(work, 'auth', 'd'), { now: at(4) });
    expect((await fallbackOf('auth'))?.version).toBe(c.to);
    await rollback(layout, 'auth'); // d -> c: c's own fallback is a again
    expect((await fallbackOf('auth'))?.version).toBe(a.to);
    expect(d.to).not.toBe(a.to);
  });

  it('is kept by a canary release, which leaves the stable version where it is', async () => {
    const a = await release(layout, 'admin', await fakeBuild(work, 'admin', 'a'), { now: at(1) });
    await release(layout, 'admin', await fakeBuild(work, 'admin', 'b'), { now: at(2) });
    await release(layout, 'admin', await fakeBuild(work, 'admin', 'c'), { now: at(3), canary: 10 });
    expect((await fallbackOf('admin'))?.version).toBe(a.to);
  });

  it('is never pruned, and prune says why it kept it', async () => {
    const a = await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'a'), { now: at(1) });
    await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'b'), { now: at(2) });
    const later = new Date(Date.UTC(2026, 10, 30));
    const [result] = await prune(layout, 0, { app: 'marketing', now: later });
    expect(result!.deleted).not.toContain(a.to);
    expect(result!.why[a.to]).toContain('last known good');
  });
});

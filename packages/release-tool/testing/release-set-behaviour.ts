import { beforeEach, describe, expect, it } from '@jest/globals';
import { chooseRelease, newSeed } from '@kloof/release-registry';
import type { VersionTelemetry } from '@kloof/release-registry/health';
import { appCounts, appLoadFailures } from '@kloof/release-registry/testing/telemetry';
import type { ReleaseStore } from '../src/storage/release-store';
import { describeChange, describeEntry, describeStatus } from '../src/releases/format';
import { byApp } from '../src/releases/history';
import { status } from '../src/releases/status';
import { changeCanaryShare, promote, release, releaseSet, rollback } from '../src/releases/store';
import { watchOnce } from '../src/releases/watch';
import { CURRENT_SHARED, fakeBuild, releaseMoment as at } from './build-fixtures';

/** A store under test and a temporary folder for builds, fresh for each test. */
export interface SetTestContext {
  store: ReleaseStore;
  work: string;
}

/**
 * How release sets behave, the same on every store (the folder and an S3 bucket): one change of
 * several apps, gated as they will run together, one history line, promoted, aborted and rolled
 * back whole, and judged as one by the watcher.
 */
export function releaseSetBehaviour(fresh: () => Promise<SetTestContext>): void {
  let store: ReleaseStore;
  let work: string;
  /** registry.json writes that landed (the store's commits), counted as they happen. */
  let commits: number;

  beforeEach(async () => {
    const context = await fresh();
    work = context.work;
    commits = 0;
    store = {
      ...context.store,
      commit: async (...args) => {
        await context.store.commit(...args);
        commits += 1;
      },
    };
  });

  const shared = CURRENT_SHARED;
  const marketing = (label: string, exposes = ['./Home', './Pricing']) =>
    fakeBuild(work, 'marketing', label, { shared, exposes });
  const auth = (label: string) => fakeBuild(work, 'auth', label, { shared, exposes: ['./SignIn'] });
  const host = (label: string, fromMarketing = ['./Home', './Pricing']) =>
    fakeBuild(work, 'host', label, { shared, loads: { marketing: fromMarketing, auth: ['./SignIn'] } });
  const registry = async () => (await store.readPointer()).registry;
  /** A release set of these apps' builds, as `pnpm release <app> <app>... --from <dir>...` makes one. */
  const together = (builds: [string, string][], options?: Parameters<typeof releaseSet>[2]) =>
    releaseSet(
      store,
      builds.map(([app, dir]) => ({ app, dir })),
      options,
    );

  /** Host, marketing and auth live, one release each. */
  async function liveSite(fromMarketing?: string[]) {
    return {
      host: (await release(store, 'host', await host('h1', fromMarketing), { now: at(1) })).to,
      marketing: (await release(store, 'marketing', await marketing('m1', fromMarketing), { now: at(2) })).to,
      auth: (await release(store, 'auth', await auth('a1'), { now: at(3) })).to,
    };
  }

  /** What a refused change must leave as it was: the pointer, the history and the stored versions. */
  async function everythingStored() {
    const { registry: pointer, tag } = await store.readPointer();
    const versions = await Promise.all(['host', 'marketing', 'auth'].map((app) => store.versions(app)));
    return { pointer, tag, history: await store.readHistory(), versions };
  }

  describe('releasing several apps as one set', () => {
    it('is one change: one registry.json write and one history line naming every app and version', async () => {
      const before = await liveSite();
      const writesBefore = commits;
      const result = await releaseSet(
        store,
        [
          { app: 'marketing', dir: await marketing('m2') },
          { app: 'client-area', dir: await fakeBuild(work, 'clientArea', 'c1', { shared }) },
          { app: 'auth', dir: await auth('a2') },
        ],
        { now: at(10) },
      );

      const id = result.set!.id;
      expect(id).toMatch(/^set-20261122-100010-000-[0-9a-f]{8}$/);
      expect(commits - writesBefore).toBe(1);
      const changes = result.set!.changes.map(({ app, action, from }) => ({ app, action, from }));
      expect(changes).toEqual([
        { app: 'marketing', action: 'release', from: before.marketing },
        { app: 'clientArea', action: 'release', from: null },
        { app: 'auth', action: 'release', from: before.auth },
      ]);
      const [m2, c1, a2] = result.set!.changes.map((change) => change.to);
      const history = await store.readHistory();
      expect(history).toHaveLength(4);
      expect(history.at(-1)).toMatchObject({
        app: 'set',
        action: 'release',
        set: id,
        to: id,
        apps: [
          { app: 'marketing', from: before.marketing, to: m2 },
          { app: 'clientArea', from: null, to: c1 },
          { app: 'auth', from: before.auth, to: a2 },
        ],
      });
      const apps = (await registry()).apps;
      expect([apps.marketing?.stable, apps.clientArea?.stable, apps.auth?.stable]).toEqual([
        expect.objectContaining({ version: m2, set: id }),
        expect.objectContaining({ version: c1, set: id }),
        expect.objectContaining({ version: a2, set: id }),
      ]);
      expect(apps.host?.stable?.set).toBeUndefined();

      // Readable: one history line, the status naming the set beside each version, the CLI's lines.
      expect(describeEntry(history.at(-1)!)).toContain(
        `release release set ${id}: marketing ${before.marketing} -> ${m2}, clientArea (nothing) -> ${c1}, auth ${before.auth} -> ${a2} by `,
      );
      expect(describeStatus(await status(store))).toContain(
        `    stable ${m2}, in release set ${id} with auth, clientArea by `,
      );
      expect(describeChange(result).split('\n').slice(0, 2)).toEqual([
        `release set ${id}: released (marketing, clientArea, auth, one change)`,
        `  marketing: released ${before.marketing} -> ${m2}`,
      ]);
    });

    it("gates each app against the others' new versions: a marketing that drops a module goes live with the host that stops loading it", async () => {
      await liveSite(['./Home', './Pricing']);
      const newHost = await host('h2', ['./Home']);
      const newMarketing = await marketing('m2', ['./Home']);
      // Alone, marketing is refused: the live host loads ./Pricing from it.
      await expect(release(store, 'marketing', newMarketing, { now: at(10) })).rejects.toThrow(
        'module ./Pricing: the live host loads it, the candidate does not expose it',
      );

      const result = await together(
        [
          ['marketing', newMarketing],
          ['host', newHost],
        ],
        { now: at(11) },
      );
      expect(result.set!.changes.map((c) => [c.app, c.changed])).toEqual([
        ['marketing', true],
        ['host', true],
      ]);
    });

    it("gates shared singletons the same way: a remote that needs the new host's React goes live with it", async () => {
      await liveSite();
      const newerReact: Record<string, [string, string]> = {
        ...shared,
        react: ['19.4.0', '^19.4.0'],
        'react-dom': ['19.4.0', '^19.4.0'],
      };
      const newAuth = await fakeBuild(work, 'auth', 'a2', { shared: newerReact, exposes: ['./SignIn'] });
      const newHost = await fakeBuild(work, 'host', 'h2', {
        shared: { ...newerReact, react: ['19.4.0', '^19.3.0'], 'react-dom': ['19.4.0', '^19.3.0'] },
        loads: { marketing: ['./Home', './Pricing'], auth: ['./SignIn'] },
      });
      await expect(release(store, 'auth', newAuth, { now: at(10) })).rejects.toThrow(
        'shared react: the candidate requires ^19.4.0, the live host provides 19.3.1',
      );
      const result = await together(
        [
          ['host', newHost],
          ['auth', newAuth],
        ],
        { now: at(11), canary: 20 },
      );
      expect(result).toMatchObject({ action: 'canary', share: 20 });
    });

    it("still refuses a host that cannot run a set remote's rollback target (browsers fall back to it)", async () => {
      await liveSite(['./Home']);
      const refused = together(
        [
          ['host', await host('h2', ['./Home', './Pricing'])],
          ['marketing', await marketing('m2', ['./Home', './Pricing'])],
        ],
        { now: at(10) },
      );
      await expect(refused).rejects.toThrow(
        'module ./Pricing: the candidate loads it, the rollback target marketing does not expose it',
      );
    });

    it('refuses the whole set when one app fails the gate: nothing is stored, nothing written', async () => {
      await liveSite();
      const before = await everythingStored();
      const writesBefore = commits;
      const refused = releaseSet(
        store,
        [
          { app: 'auth', dir: await auth('a2') },
          // The live host loads ./Pricing; this marketing no longer exposes it.
          { app: 'marketing', dir: await marketing('m2', ['./Home']) },
        ],
        { now: at(10) },
      );
      await expect(refused).rejects.toThrow(
        /marketing 20261122-100010-000-[0-9a-f]{10} in host .*: module \.\/Pricing: the live host loads it, the candidate does not expose it/,
      );
      expect(commits).toBe(writesBefore);
      expect(await everythingStored()).toEqual(before);
    });

    it('refuses a set naming an app twice, or one app only, before anything is read', async () => {
      const m = await marketing('m1');
      await expect(
        together([
          ['marketing', m],
          ['marketing', m],
        ]),
      ).rejects.toThrow('marketing is named twice; a release set has each app once.');
      await expect(releaseSet(store, [{ app: 'marketing', dir: m }])).rejects.toThrow(
        'A release set has two apps or more; release one app on its own.',
      );
      expect(await store.readHistory()).toEqual([]);
    });
  });

  /** The watcher's defaults on a small sample. */
  const WATCH = { minSample: 50, windowMinutes: 15, marginPoints: 2 };
  /**
   * The API's telemetry summary as the watcher reads it per app: 100 page loads of each of the
   * set's four versions, with these load failures (marketing stable and canary, auth stable and canary).
   */
  const summaryOf =
    (versions: { before: Record<string, string>; m2: string; a2: string }, errors: [number, number, number, number]) =>
    async (since: Date, app: string) => {
      const rows: VersionTelemetry[] = [
        appLoadFailures('marketing', versions.before.marketing!, 100, errors[0]),
        appLoadFailures('marketing', versions.m2, 100, errors[1]),
        appLoadFailures('auth', versions.before.auth!, 100, errors[2]),
        appLoadFailures('auth', versions.a2, 100, errors[3]),
      ];
      return {
        since: since.toISOString(),
        until: new Date().toISOString(),
        versions: rows.filter((r) => r.app === app),
      };
    };

  describe('a canary of a set', () => {
    async function setCanary(share = 50) {
      const before = await liveSite();
      const result = await together(
        [
          ['marketing', await marketing('m2')],
          ['auth', await auth('a2')],
        ],
        { now: at(10), canary: share },
      );
      return { before, id: result.set!.id, m2: result.set!.changes[0]!.to, a2: result.set!.changes[1]!.to };
    }

    it('gives every app the set id and one share, so a browser gets all of its canaries or none', async () => {
      const { id, m2, a2 } = await setCanary(50);
      const current = await registry();
      expect(current.apps.marketing?.canary).toMatchObject({ version: m2, share: 50, set: id });
      expect(current.apps.auth?.canary).toMatchObject({ version: a2, share: 50, set: id });
      const seeds = Array.from({ length: 2000 }, () => newSeed());
      const sides = seeds.map((seed) => [
        chooseRelease(current, 'marketing', seed)!.canary,
        chooseRelease(current, 'auth', seed)!.canary,
      ]);
      expect(sides.filter(([m, a]) => m !== a)).toEqual([]);
      const inCanary = sides.filter(([m]) => m).length / seeds.length;
      expect(inCanary).toBeGreaterThan(0.4);
      expect(inCanary).toBeLessThan(0.6);
    });

    it('is promoted whole when any of its apps is promoted, in one change', async () => {
      const { id, m2, a2, before } = await setCanary();
      const writesBefore = commits;
      const result = await promote(store, 'auth');
      expect(commits - writesBefore).toBe(1);
      expect(describeChange(result, 'auth').split('\n')[0]).toBe(
        `auth is part of release set ${id}: the whole set is promoted.`,
      );
      const apps = (await registry()).apps;
      expect([apps.marketing?.stable?.version, apps.auth?.stable?.version]).toEqual([m2, a2]);
      expect([apps.marketing?.canary, apps.auth?.canary]).toEqual([null, null]);
      expect((await store.readHistory()).at(-1)).toMatchObject({
        action: 'promote',
        set: id,
        apps: [
          { app: 'marketing', from: before.marketing, to: m2 },
          { app: 'auth', from: before.auth, to: a2 },
        ],
      });
    });

    it('moves to a new share whole when any of its apps is re-weighed, in one change with who and why', async () => {
      const { id, m2, a2 } = await setCanary(10);
      const writesBefore = commits;
      await changeCanaryShare(store, 'auth', { canary: 40, reason: 'quiet for an hour', who: 'ops@example.com' });
      expect(commits - writesBefore).toBe(1);
      const apps = (await registry()).apps;
      expect(apps.marketing?.canary).toMatchObject({ version: m2, share: 40, set: id });
      expect(apps.auth?.canary).toMatchObject({ version: a2, share: 40, set: id });
      expect((await store.readHistory()).at(-1)).toMatchObject({
        action: 'canary',
        set: id,
        share: 40,
        who: 'ops@example.com',
        reason: 'quiet for an hour',
        apps: [
          { app: 'marketing', from: m2, to: m2 },
          { app: 'auth', from: a2, to: a2 },
        ],
      });
    });

    it('is aborted whole by a rollback of any of its apps, or of the set by its id', async () => {
      const { id, before } = await setCanary();
      await rollback(store, 'marketing');
      let apps = (await registry()).apps;
      expect([apps.marketing?.canary, apps.auth?.canary]).toEqual([null, null]);
      expect([apps.marketing?.stable?.version, apps.auth?.stable?.version]).toEqual([before.marketing, before.auth]);
      expect((await store.readHistory()).at(-1)).toMatchObject({ action: 'abort', set: id });

      const again = await setCanary();
      await rollback(store, again.id);
      apps = (await registry()).apps;
      expect([apps.marketing?.canary, apps.auth?.canary]).toEqual([null, null]);
    });

    it('cannot be split: releasing one of its apps on its own is refused until the set is promoted or aborted', async () => {
      const { id } = await setCanary();
      const before = await everythingStored();
      await expect(release(store, 'marketing', await marketing('m3'), { now: at(20) })).rejects.toThrow(
        `marketing's canary is part of release set ${id} (marketing, auth): promote or abort the whole set first ` +
          `(pnpm promote ${id}, pnpm rollback ${id}).`,
      );
      await expect(release(store, 'auth', await auth('a3'), { now: at(21), canary: 10 })).rejects.toThrow(
        `auth's canary is part of release set ${id}`,
      );
      expect(await everythingStored()).toEqual(before);
    });

    it('is judged as one by the watcher: an unhealthy app rolls back the whole set', async () => {
      const canary = await setCanary();
      const { id, m2 } = canary;
      // Marketing's canary is as healthy as its stable version; auth's fails one load in five.
      const verdict = await watchOnce(store, 'marketing', summaryOf(canary, [0, 0, 1, 20]), WATCH);
      expect(verdict).toMatchObject({ action: 'rollback', version: m2 });
      expect(verdict.message).toContain(`release set ${id} (marketing, auth): auth canary error rate 20.00%`);
      expect(verdict.message).toContain('load failures the web server confirmed');
      const apps = (await registry()).apps;
      expect([apps.marketing?.canary, apps.auth?.canary]).toEqual([null, null]);
      const last = (await store.readHistory()).at(-1)!;
      expect(last).toMatchObject({ action: 'abort', set: id });
      expect(last.reason).toContain('automatic rollback by release:watch: release set');
    });

    it('is held as suspect, not rolled back, when an app of it is worse only by render errors, recorded once', async () => {
      const canary = await setCanary();
      const claimed = async (since: Date, app: string) => {
        const summary = await summaryOf(canary, [0, 0, 0, 0])(since, app);
        // Auth's canary: a render error claimed for one page load in five, which only browsers say.
        const rows = summary.versions.map((row) =>
          row.version === canary.a2 ? appCounts('auth', row.version, 100, 20) : row,
        );
        return { ...summary, versions: rows };
      };
      const first = await watchOnce(store, 'auth', claimed, WATCH);
      expect(first.action).toBe('hold');
      expect(first.message).toContain(`auth: canary ${canary.a2} held as suspect: release set ${canary.id}`);
      expect(first.message).toContain('by 20 render errors only browsers reported: held, not rolled back');
      await watchOnce(store, 'auth', claimed, WATCH);
      const apps = (await registry()).apps;
      expect([apps.marketing?.canary?.version, apps.auth?.canary?.version]).toEqual([canary.m2, canary.a2]);
      const holds = (await store.readHistory()).filter((entry) => entry.action === 'hold');
      expect(holds).toEqual([
        expect.objectContaining({
          app: 'auth',
          to: canary.a2,
          reason: expect.stringContaining('an operator should look'),
        }),
      ]);
      const shown = describeStatus(await status(store));
      expect(shown).toContain(`    SUSPECT since ${holds[0]!.time}: held as suspect by release:watch: release set`);
    });

    it('is kept by the watcher only when every app of it is within the margin', async () => {
      const canary = await setCanary();
      const verdict = await watchOnce(store, 'auth', summaryOf(canary, [0, 1, 0, 1]), WATCH);
      expect(verdict.action).toBe('keep');
      expect((await registry()).apps.auth?.canary?.version).toBe(canary.a2);
    });
  });

  describe('rolling back a set', () => {
    it('goes back to what was live before the set, for every app of it, never to an aborted canary', async () => {
      const before = await liveSite();
      // A marketing canary that was aborted: never stable, so never a rollback target.
      await release(store, 'marketing', await marketing('aborted'), { now: at(5), canary: 30 });
      await rollback(store, 'marketing');
      const set = await together(
        [
          ['marketing', await marketing('m2')],
          ['auth', await auth('a2')],
        ],
        { now: at(10) },
      );
      const id = set.set!.id;
      const writesBefore = commits;

      const result = await rollback(store, 'auth');
      expect(commits - writesBefore).toBe(1);
      expect(describeChange(result, 'auth').split('\n')).toEqual([
        `auth is part of release set ${id}: the whole set is rolled back.`,
        `release set ${id}: rolled back (marketing, auth, one change)`,
        `  marketing: rolled back ${set.set!.changes[0]!.to} -> ${before.marketing}`,
        `  auth: rolled back ${set.set!.changes[1]!.to} -> ${before.auth}`,
      ]);
      const apps = (await registry()).apps;
      expect([apps.marketing?.stable?.version, apps.auth?.stable?.version]).toEqual([before.marketing, before.auth]);
      // Back on versions that went live on their own: the next rollback of one app is that app's alone.
      expect([apps.marketing?.stable?.set, apps.auth?.stable?.set]).toEqual([undefined, undefined]);
      const history = await store.readHistory();
      expect(history.filter((line) => line.set === id).map((line) => line.action)).toEqual(['release', 'rollback']);
      // Per app, the history reads as if each app had been released and rolled back on its own.
      expect(
        byApp(history)
          .filter((line) => line.app === 'auth')
          .map((line) => line.action),
      ).toEqual(['release', 'release', 'rollback']);
    });

    it('by its id; apps changed on their own since then keep what they run', async () => {
      const before = await liveSite();
      const set = await together(
        [
          ['marketing', await marketing('m2')],
          ['auth', await auth('a2')],
        ],
        { now: at(10) },
      );
      const a3 = (await release(store, 'auth', await auth('a3'), { now: at(11) })).to;
      const result = await rollback(store, set.set!.id);
      expect(result.set!.changes.map((c) => [c.app, c.to])).toEqual([['marketing', before.marketing]]);
      const apps = (await registry()).apps;
      expect([apps.marketing?.stable?.version, apps.auth?.stable?.version]).toEqual([before.marketing, a3]);
      await expect(rollback(store, set.set!.id)).rejects.toThrow(
        `Release set ${set.set!.id} is not live: none of its apps runs the version the set made stable.`,
      );
    });
  });
}

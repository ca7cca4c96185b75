import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { findApp, releasableApps, ReleaseError, type ReleasableApp } from './apps';
import {
  checkPair,
  describeIncompatibilities,
  readBuildFacts,
  type BuildFacts,
  type Incompatibility,
} from './compatibility';
import { appendHistory, currentUser, type HistoryAction, type HistoryEntry } from './history';
import type { ReleasesLayout } from '@kloof/release-registry/folder';
import { withReleasesLock } from './lock';
import {
  emptyApp,
  integrityOf,
  readRegistry,
  writeRegistry,
  type AppRegistry,
  type CanaryRelease,
  type LiveRelease,
  type Registry,
} from './registry';
import { prerenderForChange, type PrerenderOutcome } from '../prerender/prerendered-pages';
import { isSourceMap } from '@kloof/release-registry';
import { validateBuild } from './validate';
import { hashOfVersion, isVersionName } from '@kloof/release-registry';
import { contentHash, makeReadOnly, storedVersions, versionName } from './versions';

export interface ChangeResult {
  app: string;
  /** What happened: a canary release, an abort (rollback with a canary running), ... */
  action: HistoryAction;
  from: string | null;
  to: string;
  /** False when the build was already live: nothing was stored or changed. */
  changed: boolean;
  /** What the compatibility gate found and --force overrode. */
  forced?: string[];
  /** canary: percent of browsers sent to it. */
  share?: number;
  /** The public pages rendered for the versions now live (host and marketing changes only). */
  pages?: PrerenderOutcome;
}

export interface ReleaseOptions {
  /** Where the app's versions are published, in registry.json ('' = same origin). Kept when omitted. */
  origin?: string;
  now?: Date;
  /** Release as a canary for this percent of browsers; the stable version stays live for the rest. */
  canary?: number;
  /** Go live although the compatibility gate refuses (the override is recorded in the history). */
  force?: boolean;
}

/** A refused release: the candidate does not fit what is live. The message is the readable diff. */
export class IncompatibleReleaseError extends ReleaseError {
  override name = 'IncompatibleReleaseError';
  constructor(
    readonly candidate: string,
    readonly problems: Incompatibility[],
  ) {
    super(describeIncompatibilities(candidate, problems));
  }
}

export function parseShare(value: number): number {
  if (!Number.isFinite(value) || value <= 0 || value >= 100) {
    throw new ReleaseError(`--canary takes a percent of browsers above 0 and below 100 (got ${value}).`);
  }
  return Math.round(value * 100) / 100;
}

/** Every live version (stable and canary) of every app, as the gate reads them. */
async function liveFacts(layout: ReleasesLayout, registry: Registry, app: string): Promise<BuildFacts[]> {
  const entry = registry.apps[app];
  const versions = [entry?.stable?.version, entry?.canary?.version].filter((v): v is string => Boolean(v));
  return Promise.all(versions.map((v) => readBuildFacts(app, v, layout.versionDir(app, v))));
}

/**
 * The compatibility gate: a remote against every live host version; a host against every live
 * version of every remote (each remote without a version going live leaves the others as they are).
 */
async function gate(
  layout: ReleasesLayout,
  registry: Registry,
  app: ReleasableApp,
  candidate: BuildFacts,
): Promise<Incompatibility[]> {
  if (app.kind === 'remote') {
    return (await liveFacts(layout, registry, 'host')).flatMap((host) => checkPair(candidate, host));
  }
  const problems: Incompatibility[] = [];
  for (const remote of releasableApps.filter((a) => a.kind === 'remote')) {
    for (const facts of await liveFacts(layout, registry, remote.name)) problems.push(...checkPair(facts, candidate));
  }
  return problems;
}

function describeProblem(p: Incompatibility): string {
  return `${p.remote} ${p.remoteVersion} in host ${p.host}: ${p.what}: needed ${p.needed}, live ${p.live}`;
}

/** Runs the gate for a version about to go live; refuses unless forced, returns what was forced. */
async function passGate(
  layout: ReleasesLayout,
  registry: Registry,
  app: ReleasableApp,
  version: string,
  dir: string,
  force: boolean | undefined,
): Promise<string[] | undefined> {
  const problems = await gate(layout, registry, app, await readBuildFacts(app.name, version, dir));
  if (!problems.length) return undefined;
  if (!force) throw new IncompatibleReleaseError(`${app.name} ${version}`, problems);
  return problems.map(describeProblem);
}

function liveRelease(version: string, integrity: LiveRelease['integrity'], now: Date): LiveRelease {
  return { version, integrity, releasedAt: now.toISOString(), releasedBy: currentUser() };
}

/** The pages part of a change: only when pages were rendered or kept for it. */
function pagesOf(pages: PrerenderOutcome | null): PrerenderOutcome | undefined {
  return pages && pages.kind !== 'skipped' ? pages : undefined;
}

/** A result without the fields that do not apply (no `forced: undefined`). */
function result(change: ChangeResult): ChangeResult {
  return Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as ChangeResult;
}

async function record(
  layout: ReleasesLayout,
  registry: Registry,
  entry: Omit<HistoryEntry, 'time' | 'who'> & { action: HistoryAction },
): Promise<void> {
  await writeRegistry(layout, registry);
  const clean = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)) as typeof entry;
  await appendHistory(layout, { time: new Date().toISOString(), who: currentUser(), ...clean });
}

/**
 * Stores a built folder as a new immutable version of one app and makes it live: as the stable
 * version, or (`canary`) for a share of browsers beside the stable one. Refused when the
 * compatibility gate finds it does not fit what is live, unless forced. A build identical to the
 * live one changes nothing.
 */
export async function release(
  layout: ReleasesLayout,
  appName: string,
  buildDir: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  const share = options.canary === undefined ? undefined : parseShare(options.canary);
  await validateBuild(app, buildDir);
  const hash = await contentHash(buildDir);

  // Copy outside the lock (slow), under a name no reader or other release uses.
  const staging = `${layout.appDir(app.name)}/.incoming-${randomBytes(6).toString('hex')}`;
  await fs.mkdir(layout.appDir(app.name), { recursive: true });
  await fs.cp(buildDir, staging, { recursive: true, filter: (source) => !isSourceMap(source) });
  try {
    return await withReleasesLock(layout, async () => {
      const registry = await readRegistry(layout);
      const entry: AppRegistry = registry.apps[app.name] ?? emptyApp();
      registry.apps[app.name] = entry;
      const stable = entry.stable?.version ?? null;
      const now = options.now ?? new Date();
      const origin = options.origin ?? entry.origin;
      const sameAsStable = stable !== null && hashOfVersion(stable) === hash;
      const sameAsCanary = entry.canary !== null && hashOfVersion(entry.canary.version) === hash;

      if (share === undefined && sameAsStable) {
        // Same build: its public pages are rendered only if missing or made for another SITE_URL
        // (`pnpm start` releases unchanged builds: a new SITE_URL takes effect that way).
        const outcome = await prerenderForChange(layout, app.name, stable, registry);
        const pages = outcome?.kind === 'rendered' ? outcome : undefined;
        // Only a new publishing origin (a team moving its remote to a CDN) changes the release.
        if (origin === entry.origin)
          return result({ app: app.name, action: 'release', from: stable, to: stable, changed: false, pages });
        entry.origin = origin;
        await record(layout, registry, { app: app.name, action: 'release', from: stable, to: stable });
        return result({ app: app.name, action: 'release', from: stable, to: stable, changed: true, pages });
      }
      if (share !== undefined && sameAsStable) {
        throw new ReleaseError(`${app.name}: this build is the stable version ${stable}; a canary must differ.`);
      }

      let version: string;
      if (sameAsCanary) {
        version = entry.canary!.version;
      } else {
        version = versionName(now, hash);
        await makeReadOnly(staging);
        await fs.rename(staging, layout.versionDir(app.name, version));
      }
      const dir = layout.versionDir(app.name, version);
      let forced: string[] | undefined;
      try {
        forced = await passGate(layout, registry, app, version, dir, options.force);
      } catch (error) {
        // Refused: the new folder was never live; leave the store as it was.
        if (!sameAsCanary) await fs.rm(dir, { recursive: true, force: true });
        await fs.rm(staging, { recursive: true, force: true });
        await fs.rmdir(layout.appDir(app.name)).catch(() => undefined); // only when left empty
        throw error;
      }
      const live = liveRelease(version, await integrityOf(app, dir), now);
      entry.origin = origin;
      if (share !== undefined) {
        const from = entry.canary?.version ?? stable;
        entry.canary = { ...live, share } satisfies CanaryRelease;
        await record(layout, registry, { app: app.name, action: 'canary', from, to: version, share, forced });
        return result({ app: app.name, action: 'canary', from, to: version, changed: true, forced, share });
      }
      // The pages first: the pointer moves only once their HTML is stored (a render that fails
      // leaves the live version as it was). A canary's browsers get the plain page (see site.ts).
      const pages = pagesOf(await prerenderForChange(layout, app.name, version, registry));
      entry.previous = stable;
      entry.stable = live;
      entry.canary = null;
      await record(layout, registry, { app: app.name, action: 'release', from: stable, to: version, forced });
      return result({ app: app.name, action: 'release', from: stable, to: version, changed: true, forced, pages });
    });
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Makes the running canary the stable version for every browser. */
export async function promote(
  layout: ReleasesLayout,
  appName: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  return withReleasesLock(layout, async () => {
    const registry = await readRegistry(layout);
    const entry = registry.apps[app.name];
    if (!entry?.canary) throw new ReleaseError(`${app.name} has no canary to promote.`);
    const { share: _share, ...canary } = entry.canary;
    const from = entry.stable?.version ?? null;
    await validateBuild(app, layout.versionDir(app.name, canary.version));
    const forced = await passGate(
      layout,
      { ...registry, apps: { ...registry.apps, [app.name]: { ...entry, canary: null } } },
      app,
      canary.version,
      layout.versionDir(app.name, canary.version),
      options.force,
    );
    const pages = pagesOf(await prerenderForChange(layout, app.name, canary.version, registry));
    entry.previous = from;
    entry.stable = { ...canary, releasedAt: (options.now ?? new Date()).toISOString(), releasedBy: currentUser() };
    entry.canary = null;
    await record(layout, registry, { app: app.name, action: 'promote', from, to: canary.version, forced });
    return result({ app: app.name, action: 'promote', from, to: canary.version, changed: true, forced, pages });
  });
}

/**
 * Stops a running canary: every browser loads the stable version again. `reason` goes into the
 * history; with `version`, only that canary is stopped (a watcher never aborts a newer one).
 */
export async function abortCanary(
  layout: ReleasesLayout,
  appName: string,
  reason?: string,
  options: { version?: string } = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  return withReleasesLock(layout, async () => {
    const registry = await readRegistry(layout);
    const entry = registry.apps[app.name];
    if (!entry?.canary) throw new ReleaseError(`${app.name} has no canary running.`);
    if (options.version && entry.canary.version !== options.version) {
      throw new ReleaseError(`${app.name}'s canary is now ${entry.canary.version}, not ${options.version}.`);
    }
    const from = entry.canary.version;
    const to = entry.stable?.version ?? '(nothing)';
    entry.canary = null;
    await record(layout, registry, { app: app.name, action: 'abort', from, to, reason });
    return result({ app: app.name, action: 'abort', from, to, changed: true });
  });
}

/**
 * Points one app back at a stored version: the named one, or the newest version older than
 * the stable one. With a canary running and no version named, aborts the canary instead.
 */
export async function rollback(
  layout: ReleasesLayout,
  appName: string,
  target?: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  if (target !== undefined && !isVersionName(target)) {
    throw new ReleaseError(`"${target}" is not a version name (expected e.g. 20261122-032757-123-3f2a9c81d0).`);
  }
  if (target === undefined && (await readRegistry(layout)).apps[app.name]?.canary) {
    return abortCanary(layout, app.name);
  }
  return withReleasesLock(layout, async () => {
    const registry = await readRegistry(layout);
    const entry: AppRegistry = registry.apps[app.name] ?? emptyApp();
    registry.apps[app.name] = entry;
    const current = entry.stable?.version ?? null;
    const versions = await storedVersions(layout.appDir(app.name));
    let version = target;
    if (version === undefined) {
      if (!current) throw new ReleaseError(`${app.name} has no live version to roll back from.`);
      version = versions.filter((v) => v < current).pop();
      if (!version) throw new ReleaseError(`${app.name} has no version older than ${current}.`);
    } else if (!versions.includes(version)) {
      const available = versions.length ? versions.join(', ') : 'none';
      throw new ReleaseError(`${app.name} has no stored version ${version}. Available: ${available}.`);
    }
    if (current === version) throw new ReleaseError(`${app.name} is already at ${version}.`);
    const dir = layout.versionDir(app.name, version);
    await validateBuild(app, dir);
    const forced = await passGate(layout, registry, app, version, dir, options.force);
    // Usually rendered when that version was live; rendered now if this pair never was.
    const pages = pagesOf(await prerenderForChange(layout, app.name, version, registry));
    entry.origin = options.origin ?? entry.origin;
    entry.previous = current;
    entry.stable = liveRelease(version, await integrityOf(app, dir), options.now ?? new Date());
    if (entry.canary?.version === version) entry.canary = null;
    await record(layout, registry, { app: app.name, action: 'rollback', from: current, to: version, forced });
    return result({ app: app.name, action: 'rollback', from: current, to: version, changed: true, forced, pages });
  });
}

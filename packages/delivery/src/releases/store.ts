import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { findApp, releasableApps, ReleaseError } from './apps';
import { appendHistory, currentUser, readHistory, type HistoryEntry } from './history';
import type { ReleasesLayout } from './layout';
import { withReleasesLock } from './lock';
import { readLive, writePointer } from './pointers';
import { prerenderForChange, type PrerenderOutcome } from '../prerender/prerendered-pages';
import { isSourceMap } from './source-maps';
import { validateBuild } from './validate';
import { contentHash, hashOfVersion, isVersionName, makeReadOnly, storedVersions, versionName } from './versions';

export interface ChangeResult {
  app: string;
  from: string | null;
  to: string;
  /** False when the build was already live: nothing was stored or changed. */
  changed: boolean;
  /** The public pages rendered for the versions now live (host and marketing changes only). */
  pages?: PrerenderOutcome | null;
}

export interface ReleaseOptions {
  /** Where the app's versions are published for remotes.json ('' = same origin). Kept when omitted. */
  origin?: string;
  now?: Date;
}

/**
 * Stores a built folder as a new immutable version of one app and points the app at it.
 * A build identical to the live one changes nothing.
 */
export async function release(
  layout: ReleasesLayout,
  appName: string,
  buildDir: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  await validateBuild(app, buildDir);
  const hash = await contentHash(buildDir);

  // Copy outside the lock (slow), under a name no reader or other release uses.
  const staging = `${layout.appDir(app.name)}/.incoming-${randomBytes(6).toString('hex')}`;
  await fs.mkdir(layout.appDir(app.name), { recursive: true });
  await fs.cp(buildDir, staging, { recursive: true, filter: (source) => !isSourceMap(source) });
  try {
    return await withReleasesLock(layout, async () => {
      const current = (await readLive(layout))[app.name] ?? null;
      if (current && hashOfVersion(current.version) === hash) {
        // Same build: only a new publishing origin (a team moving its remote to a CDN) changes anything.
        if (options.origin === undefined || options.origin === current.origin) {
          return { app: app.name, from: current.version, to: current.version, changed: false };
        }
        await point(layout, app.name, 'release', current.version, current.version, options.origin);
        return { app: app.name, from: current.version, to: current.version, changed: true };
      }
      const version = versionName(options.now ?? new Date(), hash);
      await makeReadOnly(staging);
      await fs.rename(staging, layout.versionDir(app.name, version));
      // The pages first: the pointer moves only once their HTML is stored (a render that fails
      // leaves the live version as it was).
      const pages = await prerenderForChange(layout, app.name, version);
      await point(layout, app.name, 'release', current?.version ?? null, version, options.origin ?? current?.origin);
      return { app: app.name, from: current?.version ?? null, to: version, changed: true, ...pagesOf(pages) };
    });
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Points one app back at a stored version: the named one, or the newest version older than
 * the live one.
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
  return withReleasesLock(layout, async () => {
    const current = (await readLive(layout))[app.name] ?? null;
    const versions = await storedVersions(layout.appDir(app.name));
    let version = target;
    if (version === undefined) {
      if (!current) throw new ReleaseError(`${app.name} has no live version to roll back from.`);
      version = versions.filter((v) => v < current.version).pop();
      if (!version) throw new ReleaseError(`${app.name} has no version older than ${current.version}.`);
    } else if (!versions.includes(version)) {
      const available = versions.length ? versions.join(', ') : 'none';
      throw new ReleaseError(`${app.name} has no stored version ${version}. Available: ${available}.`);
    }
    if (current?.version === version) throw new ReleaseError(`${app.name} is already at ${version}.`);
    await validateBuild(app, layout.versionDir(app.name, version));
    // Usually rendered when that version was live; rendered now if this pair never was.
    const pages = await prerenderForChange(layout, app.name, version);
    await point(layout, app.name, 'rollback', current?.version ?? null, version, options.origin ?? current?.origin);
    return { app: app.name, from: current?.version ?? null, to: version, changed: true, ...pagesOf(pages) };
  });
}

/** The pages part of a change: only when pages were rendered or kept for it. */
function pagesOf(pages: PrerenderOutcome | null): Pick<ChangeResult, 'pages'> {
  return pages && pages.kind !== 'skipped' ? { pages } : {};
}

async function point(
  layout: ReleasesLayout,
  app: string,
  action: HistoryEntry['action'],
  from: string | null,
  to: string,
  origin = '',
): Promise<void> {
  await writePointer(layout, app, { origin, version: to });
  await appendHistory(layout, { time: new Date().toISOString(), app, action, from, to, who: currentUser() });
}

export interface AppStatus {
  app: string;
  live: string | null;
  /** Where remotes.json points for this app ('' = same origin). */
  origin: string;
  versions: string[];
  lastChange: HistoryEntry | null;
}

/** What is live and what is stored, per app. */
export async function status(layout: ReleasesLayout): Promise<AppStatus[]> {
  const live = await readLive(layout);
  const history = await readHistory(layout);
  return Promise.all(
    releasableApps.map(async (app) => ({
      app: app.name,
      live: live[app.name]?.version ?? null,
      origin: live[app.name]?.origin ?? '',
      versions: await storedVersions(layout.appDir(app.name)),
      lastChange: history.filter((entry) => entry.app === app.name).pop() ?? null,
    })),
  );
}

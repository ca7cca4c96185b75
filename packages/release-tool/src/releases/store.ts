import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { isSourceMap, isVersionName } from '@kloof/release-registry';
import type { ReleasesLayout } from '@kloof/release-registry/folder';
import { findApp, ReleaseError } from './apps';
import { runChange, type ChangeResult } from './change';
import { canaryShare, publishingOrigin } from './input';
import { planAbort, planPromote, planRelease, planRollback, type IncomingBuild } from './plan';
import { validateBuild } from './validate';
import { contentHash, storedVersions } from './versions';

export type { ChangeResult } from './change';
export { IncompatibleReleaseError } from './gate';

export interface ReleaseOptions {
  /** Where the app's versions are published, in registry.json ('' = same origin). Kept when omitted. */
  origin?: string;
  now?: Date;
  /** Release as a canary for this percent of browsers; the stable version stays live for the rest. */
  canary?: number;
  /** Go live although the compatibility gate refuses (the override is recorded in the history). */
  force?: boolean;
}

/** The caller's wishes, checked before anything is read or copied. */
function wishesOf(options: ReleaseOptions) {
  return {
    origin: options.origin === undefined ? undefined : publishingOrigin(options.origin),
    share: options.canary === undefined ? undefined : canaryShare(options.canary),
    force: options.force,
    now: options.now,
  };
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
  const wishes = wishesOf(options);
  // Checked and copied outside the lock (slow), to a name no reader or other release uses.
  await validateBuild(app, buildDir);
  const incoming: IncomingBuild = {
    hash: await contentHash(buildDir),
    staging: `${layout.appDir(app.name)}/.incoming-${randomBytes(6).toString('hex')}`,
  };
  await fs.mkdir(layout.appDir(app.name), { recursive: true });
  await fs.cp(buildDir, incoming.staging, { recursive: true, filter: (source) => !isSourceMap(source) });
  let refused = false;
  try {
    // Stored versions are listed under the lock (a prune may run meanwhile): the same content is reused.
    return await runChange(layout, async (registry) =>
      planRelease(layout, registry, app, incoming, wishes, await storedVersions(layout.appDir(app.name))),
    );
  } catch (error) {
    refused = true;
    throw error;
  } finally {
    await fs.rm(incoming.staging, { recursive: true, force: true });
    // A refused first release of an app leaves no empty folder behind (rmdir fails when not empty).
    if (refused) await fs.rmdir(layout.appDir(app.name)).catch(() => undefined);
  }
}

/** Makes the running canary the stable version for every browser. */
export async function promote(
  layout: ReleasesLayout,
  appName: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  const wishes = wishesOf(options);
  return runChange(layout, (registry) => planPromote(layout, registry, app, wishes));
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
  return runChange(layout, (registry) => planAbort(registry, app, { reason, version: options.version }));
}

/**
 * Points one app back at a stored version: the named one, or the one that was stable before the
 * current one (by the history). With a canary running and no version named, aborts the canary.
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
  const wishes = wishesOf(options);
  return runChange(layout, (registry) => planRollback(layout, registry, app, target, wishes));
}

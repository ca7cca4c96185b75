import fs from 'node:fs/promises';
import { isSourceMap, isVersionName } from '@kloof/release-registry';
import { storeOf, type ReleaseTarget } from '../storage/target';
import { findApp, ReleaseError } from './apps';
import { runChange, type ChangeResult } from './change';
import { canaryShare, publishingOrigin } from './input';
import { planAbort, planPromote, planRelease, planRollback, type IncomingBuild } from './plan';
import { validateBuild } from './validate';
import { contentHash } from './versions';

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
  target: ReleaseTarget,
  appName: string,
  buildDir: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  const wishes = wishesOf(options);
  const store = storeOf(target);
  // Checked and copied outside the lock (slow), to a name no reader or other release uses.
  await validateBuild(app, buildDir);
  const incoming: IncomingBuild = { hash: await contentHash(buildDir), staging: await store.stagingDir() };
  try {
    await fs.cp(buildDir, incoming.staging, { recursive: true, filter: (source) => !isSourceMap(source) });
    // Stored versions are listed with each plan (a prune may run meanwhile): the same content is reused.
    return await runChange(store, async (registry) =>
      planRelease(registry, app, incoming, wishes, await store.versions(app.name)),
    );
  } finally {
    await fs.rm(incoming.staging, { recursive: true, force: true });
  }
}

/** Makes the running canary the stable version for every browser. */
export async function promote(
  target: ReleaseTarget,
  appName: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  const wishes = wishesOf(options);
  return runChange(target, (registry) => planPromote(registry, app, wishes));
}

/**
 * Stops a running canary: every browser loads the stable version again. `reason` goes into the
 * history; with `version`, only that canary is stopped (a watcher never aborts a newer one).
 */
export async function abortCanary(
  target: ReleaseTarget,
  appName: string,
  reason?: string,
  options: { version?: string } = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  return runChange(target, (registry) => planAbort(registry, app, { reason, version: options.version }));
}

/**
 * Points one app back at a stored version: the named one, or the one that was stable before the
 * current one (by the history). With a canary running and no version named, aborts the canary.
 */
export async function rollback(
  target: ReleaseTarget,
  appName: string,
  version?: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  if (version !== undefined && !isVersionName(version)) {
    throw new ReleaseError(`"${version}" is not a version name (expected e.g. 20261122-032757-123-3f2a9c81d0).`);
  }
  const wishes = wishesOf(options);
  const store = storeOf(target);
  return runChange(store, (registry) => planRollback(store, registry, app, version, wishes));
}

import fs from 'node:fs/promises';
import { isSourceMap, isVersionName } from '@kloof/release-registry';
import { storeOf, type ReleaseTarget } from '../storage/target';
import { findApp, ReleaseError } from './apps';
import { runChange, type ChangeResult } from './change';
import { canaryShare, publishingOrigin, singleLine } from './input';
import { planAbort, planPromote, planRelease, planRollback, planShare, type IncomingBuild } from './plan';
import { isSetId, refusePartOfSetCanary, setMembers } from './release-set';
import { planSetAbort, planSetPromote, planSetRelease, planSetRollback, planSetShare, type SetBuild } from './set-plan';
import { validateIncomingBuild } from './validate';
import { contentHash } from './versions';

export type { ChangeResult } from './change';
export { IncompatibleReleaseError } from './gate';
export { ReleaseError } from './apps';

export interface ReleaseOptions {
  /** Where the app's versions are published, in registry.json ('' = same origin). Kept when omitted. */
  origin?: string;
  now?: Date;
  /** Release as a canary for this percent of browsers; the stable version stays live for the rest. */
  canary?: number;
  /** Go live although the compatibility gate refuses (the override is recorded in the history). */
  force?: boolean;
  /** Why, recorded in the history (the console requires it; the command line's --reason). */
  reason?: string;
  /** Who, recorded in the history and registry.json; unset: USER, else the system's user name. */
  who?: string;
}

/** The caller's wishes, checked before anything is read or copied. */
function wishesOf(options: ReleaseOptions) {
  return {
    origin: options.origin === undefined ? undefined : publishingOrigin(options.origin),
    share: options.canary === undefined ? undefined : canaryShare(options.canary),
    force: options.force,
    now: options.now,
    reason: options.reason === undefined ? undefined : singleLine('The reason', options.reason),
    who: options.who === undefined ? undefined : singleLine('The user name', options.who),
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
  await validateIncomingBuild(app, buildDir);
  const incoming: IncomingBuild = { hash: await contentHash(buildDir), staging: await store.stagingDir() };
  try {
    await fs.cp(buildDir, incoming.staging, { recursive: true, filter: (source) => !isSourceMap(source) });
    // Stored versions are listed with each plan (a prune may run meanwhile): the same content is reused.
    return await runChange(store, async (registry) => {
      refusePartOfSetCanary(registry, [app.name]);
      return planRelease(registry, app, incoming, wishes, await store.versions(app.name));
    });
  } finally {
    await fs.rm(incoming.staging, { recursive: true, force: true });
  }
}

/**
 * Releases several apps as one change, a release set: every build passes the gate beside the
 * others (as they will run together) or nothing is stored or written; one registry.json write and
 * one history line with the set's id. As a canary, a browser gets every app of the set at its
 * canary version or none (one draw per set).
 */
export async function releaseSet(
  target: ReleaseTarget,
  builds: readonly { app: string; dir: string }[],
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const apps = setMembers(builds.map((b) => b.app));
  if (options.origin !== undefined) {
    throw new ReleaseError('--origin applies to one app; move it with a release of that app on its own.');
  }
  const wishes = wishesOf(options);
  const store = storeOf(target);
  const incoming: { app: (typeof apps)[number]; build: IncomingBuild }[] = [];
  try {
    for (const [i, app] of apps.entries()) {
      const dir = builds[i]!.dir;
      await validateIncomingBuild(app, dir);
      const build: IncomingBuild = { hash: await contentHash(dir), staging: await store.stagingDir() };
      incoming.push({ app, build });
      await fs.cp(dir, build.staging, { recursive: true, filter: (source) => !isSourceMap(source) });
    }
    return await runChange(store, async (registry) => {
      const withStored: SetBuild[] = [];
      for (const { app, build } of incoming) withStored.push({ app, build, stored: await store.versions(app.name) });
      return planSetRelease(registry, withStored, wishes);
    });
  } finally {
    for (const { build } of incoming) await fs.rm(build.staging, { recursive: true, force: true });
  }
}

/**
 * Makes the running canary the stable version for every browser. A canary of a release set (named
 * by its id, or by one of its apps) is promoted whole.
 */
export async function promote(
  target: ReleaseTarget,
  appOrSet: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const wishes = wishesOf(options);
  if (isSetId(appOrSet)) return runChange(target, (registry) => planSetPromote(registry, appOrSet, wishes));
  const app = findApp(appOrSet);
  return runChange(
    target,
    (registry) => {
      const set = registry.apps[app.name]?.canary?.set;
      return set ? planSetPromote(registry, set, wishes) : planPromote(registry, app, wishes);
    },
    app.name,
  );
}

/**
 * Stops a running canary: every browser loads the stable version again. `reason` goes into the
 * history; with `version`, only that canary is stopped (a watcher never aborts a newer one).
 */
export async function abortCanary(
  target: ReleaseTarget,
  appName: string,
  reason?: string,
  options: { version?: string; who?: string } = {},
): Promise<ChangeResult> {
  const app = findApp(appName);
  const { who } = wishesOf({ reason, who: options.who });
  return runChange(
    target,
    (registry) => {
      // A canary of a release set stops whole (its version checked first: never a newer one).
      const plan = planAbort(registry, app, { reason, who, version: options.version });
      const set = registry.apps[app.name]?.canary?.set;
      return set ? planSetAbort(registry, set, reason, who) : plan;
    },
    app.name,
  );
}

/**
 * Sends the running canary to another share of browsers (`canary`, 1 to 99); the stable version
 * serves the rest. A release set's canary moves whole, so a browser still gets all of it or none.
 */
export async function changeCanaryShare(
  target: ReleaseTarget,
  appName: string,
  options: ReleaseOptions & { canary: number },
): Promise<ChangeResult> {
  const app = findApp(appName);
  const wishes = { ...wishesOf(options), share: canaryShare(options.canary) };
  return runChange(
    target,
    (registry) => {
      const set = registry.apps[app.name]?.canary?.set;
      return set ? planSetShare(registry, set, wishes) : planShare(registry, app, wishes);
    },
    app.name,
  );
}

/**
 * Points one app back at a stored version: the named one, or the one that was stable before the
 * current one (by the history). With a canary running and no version named, aborts the canary.
 * A release set (named by its id, or by an app whose canary or stable version it made live, with
 * no version named) is rolled back whole: its canary aborted, else its apps back to what was
 * stable before it.
 */
export async function rollback(
  target: ReleaseTarget,
  appOrSet: string,
  version?: string,
  options: ReleaseOptions = {},
): Promise<ChangeResult> {
  const wishes = wishesOf(options);
  const store = storeOf(target);
  if (isSetId(appOrSet)) {
    if (version !== undefined)
      throw new ReleaseError('A release set rolls back to what was live before it; name no version.');
    return runChange(store, (registry) => planSetRollback(store, registry, appOrSet, wishes));
  }
  const app = findApp(appOrSet);
  if (version !== undefined && !isVersionName(version)) {
    throw new ReleaseError(`"${version}" is not a version name (expected e.g. 20261122-032757-123-3f2a9c81d0).`);
  }
  return runChange(
    store,
    (registry) => {
      const entry = registry.apps[app.name];
      const set = version === undefined ? (entry?.canary ? entry.canary.set : entry?.stable?.set) : undefined;
      return set ? planSetRollback(store, registry, set, wishes) : planRollback(store, registry, app, version, wishes);
    },
    app.name,
  );
}

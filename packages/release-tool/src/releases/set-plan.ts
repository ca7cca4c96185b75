import type { ReleaseStore } from '../storage/release-store';
import { findApp, ReleaseError, type ReleasableApp } from './apps';
import { byApp } from './history';
import {
  planAbort,
  planPromote,
  planRelease,
  planRollback,
  planShare,
  type ChangePlan,
  type IncomingBuild,
  type SetPlan,
  type Wishes,
} from './plan';
import { rollbackTarget } from './previous';
import type { Registry } from './registry';
import { refusePartOfSetCanary, setCanaryApps, setId, setStableApps } from './release-set';

/** One app's build coming into a release set, with the versions of it already stored. */
export interface SetBuild {
  app: ReleasableApp;
  build: IncomingBuild;
  stored: readonly string[];
}

/**
 * release of several apps as one set: each app's release (or canary, all at one share) planned
 * as for one app, at one moment, under one set id. An app whose build is already its stable
 * version stays out of the set's line (nothing to move); a running set canary of its apps is
 * replaced only whole.
 */
export function planSetRelease(registry: Registry, builds: readonly SetBuild[], wishes: Wishes): SetPlan {
  refusePartOfSetCanary(
    registry,
    builds.map((b) => b.app.name),
  );
  const now = wishes.now ?? new Date();
  const plans = builds.map(({ app, build, stored }) => planRelease(registry, app, build, { ...wishes, now }, stored));
  return {
    set: setId(
      now,
      plans.map((plan) => ({ app: plan.app.name, version: plan.to })),
    ),
    plans,
  };
}

function setApps(apps: readonly string[]): ReleasableApp[] {
  return apps.map((name) => findApp(name));
}

/** promote of a set's canary: every app of it becomes stable, in one change. */
export function planSetPromote(registry: Registry, set: string, wishes: Wishes): SetPlan {
  const apps = setCanaryApps(registry, set);
  if (!apps.length) throw new ReleaseError(`Release set ${set} has no canary running.`);
  const now = wishes.now ?? new Date();
  return { set, plans: setApps(apps).map((app) => planPromote(registry, app, { ...wishes, now })) };
}

/** abort of a set's canary: every app of it goes back to its stable version, in one change. */
export function planSetAbort(registry: Registry, set: string, reason?: string, who?: string): SetPlan {
  const apps = setCanaryApps(registry, set);
  if (!apps.length) throw new ReleaseError(`Release set ${set} has no canary running.`);
  return { set, plans: setApps(apps).map((app) => planAbort(registry, app, { reason, who })) };
}

/** share of a set's canary: every app of it moves to the new share together (one draw per set). */
export function planSetShare(registry: Registry, set: string, wishes: Wishes & { share: number }): SetPlan {
  const apps = setCanaryApps(registry, set);
  if (!apps.length) throw new ReleaseError(`Release set ${set} has no canary running.`);
  const now = wishes.now ?? new Date();
  return { set, plans: setApps(apps).map((app) => planShare(registry, app, { ...wishes, now })) };
}

/**
 * rollback of a set: its canary aborted when one runs; else every app still at the version the set
 * made stable goes back to the version stable before it (by the history, as for one app). Apps
 * changed since on their own keep what they run.
 */
export async function planSetRollback(
  store: ReleaseStore,
  registry: Registry,
  set: string,
  wishes: Wishes,
): Promise<SetPlan> {
  if (setCanaryApps(registry, set).length) return planSetAbort(registry, set, wishes.reason, wishes.who);
  const apps = setStableApps(registry, set);
  if (!apps.length) {
    throw new ReleaseError(`Release set ${set} is not live: none of its apps runs the version the set made stable.`);
  }
  const history = byApp(await store.readHistory());
  const now = wishes.now ?? new Date();
  const plans: ChangePlan[] = [];
  for (const app of setApps(apps)) {
    const current = registry.apps[app.name]!.stable!.version;
    const version = rollbackTarget(history, app.name, current, await store.versions(app.name));
    if (!version) throw new ReleaseError(`${app.name} has no version older than ${current}.`);
    plans.push(await planRollback(store, registry, app, version, { ...wishes, now }));
  }
  return { set, plans };
}

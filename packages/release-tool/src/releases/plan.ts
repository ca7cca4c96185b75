import { hashOfVersion } from '@kloof/release-registry';
import { ReleaseError, type ReleasableApp } from './apps';
import type { ReleaseStore } from '../storage/release-store';
import { byApp, type HistoryAction } from './history';
import { rollbackTarget } from './previous';
import { emptyApp, type Integrity, type Registry } from './registry';
import { versionName } from './versions';

/** The version a change makes live (stable or canary), and where its files are. */
export interface Candidate {
  version: string;
  /**
   * A local folder with its files: the staging folder of a new build until the store step stores
   * it; a stored version's is found by the locate step.
   */
  dir?: string;
  /** A new build was checked when it came in; a stored version is checked again before it goes live. */
  checked: boolean;
  /** A new build waiting in its staging folder, stored as `version` once it passed the gate. */
  staging?: string;
  /** Hashes already recorded for it (a promoted canary keeps those it went live with). */
  integrity?: Integrity;
}

/** What one change does to one app, decided under the lock from the registry read there. */
export interface ChangePlan {
  app: ReleasableApp;
  action: Exclude<HistoryAction, 'prune' | 'api'>;
  from: string | null;
  /** The version the app points at afterwards ('(nothing)' when an abort leaves no stable one). */
  to: string;
  /** The version going live; none when nothing new does (abort, a build identical to the stable one). */
  candidate?: Candidate;
  /** Where the app's versions are published afterwards. */
  origin: string;
  /** canary: percent of browsers sent to it. */
  share?: number;
  /** Why (an operator's words, an automatic abort's measurements), for the history. */
  reason?: string;
  /** Who made the change, for the history (unset: the user running the command, USER). */
  who?: string;
  /** Go live although the compatibility gate refuses. */
  force: boolean;
  /** False: the build is already live and stays where it is published; nothing is written. */
  changed: boolean;
  now: Date;
}

/** Several apps' changes made as one release set: one registry write, one history line. */
export interface SetPlan {
  set: string;
  plans: ChangePlan[];
}

/** What a change is planned as: one app's change, or a release set's. */
export type Planned = ChangePlan | SetPlan;

/** A build that came in for release: checked, hashed and copied to a staging folder. */
export interface IncomingBuild {
  hash: string;
  staging: string;
}

export interface Wishes {
  origin?: string;
  share?: number;
  force?: boolean;
  now?: Date;
  /** Why, for the history (the console asks for it; the command line takes --reason). */
  reason?: string;
  /** Who, for the history (the console's signed-in user); unset: USER. */
  who?: string;
}

function base(
  app: ReleasableApp,
  wishes: Wishes,
): Pick<ChangePlan, 'app' | 'force' | 'now' | 'changed' | 'reason' | 'who'> {
  return {
    app,
    force: wishes.force ?? false,
    now: wishes.now ?? new Date(),
    changed: true,
    reason: wishes.reason,
    who: wishes.who,
  };
}

/**
 * release: a new build as the stable version or (with a share) as a canary. A build identical to
 * the stable one changes nothing unless it moves to another origin; one identical to any stored
 * version (the canary, an aborted canary, an older release) reuses that version's folder: the same
 * content is never stored twice.
 */
export function planRelease(
  registry: Registry,
  app: ReleasableApp,
  build: IncomingBuild,
  wishes: Wishes,
  stored: readonly string[] = [],
): ChangePlan {
  const entry = registry.apps[app.name] ?? emptyApp();
  const stable = entry.stable?.version ?? null;
  const origin = wishes.origin ?? entry.origin;
  const plan = { ...base(app, wishes), origin };
  if (stable !== null && hashOfVersion(stable) === build.hash) {
    if (wishes.share !== undefined) {
      throw new ReleaseError(`${app.name}: this build is the stable version ${stable}; a canary must differ.`);
    }
    return { ...plan, action: 'release', from: stable, to: stable, changed: origin !== entry.origin };
  }
  const canary = entry.canary && hashOfVersion(entry.canary.version) === build.hash ? entry.canary.version : null;
  const same = canary ?? stored.findLast((v) => hashOfVersion(v) === build.hash) ?? null;
  const version = same ?? versionName(plan.now, build.hash);
  // The stored copy is the one that goes live: checked again, like any stored version.
  const candidate: Candidate = same
    ? { version, checked: same === canary }
    : { version, dir: build.staging, checked: true, staging: build.staging };
  if (wishes.share === undefined) return { ...plan, action: 'release', from: stable, to: version, candidate };
  const from = entry.canary?.version ?? stable;
  return { ...plan, action: 'canary', from, to: version, candidate, share: wishes.share };
}

/** promote: the running canary becomes the stable version, with the hashes it went live with. */
export function planPromote(registry: Registry, app: ReleasableApp, wishes: Wishes): ChangePlan {
  const entry = registry.apps[app.name];
  if (!entry?.canary) throw new ReleaseError(`${app.name} has no canary to promote.`);
  const { version, integrity } = entry.canary;
  return {
    ...base(app, wishes),
    action: 'promote',
    from: entry.stable?.version ?? null,
    to: version,
    candidate: { version, checked: false, integrity },
    origin: entry.origin,
  };
}

/** abort: the running canary stops (only `version`, when named: a watcher never aborts a newer one). */
export function planAbort(
  registry: Registry,
  app: ReleasableApp,
  options: { reason?: string; who?: string; version?: string } = {},
): ChangePlan {
  const entry = registry.apps[app.name];
  if (!entry?.canary) throw new ReleaseError(`${app.name} has no canary running.`);
  if (options.version && entry.canary.version !== options.version) {
    throw new ReleaseError(`${app.name}'s canary is now ${entry.canary.version}, not ${options.version}.`);
  }
  return {
    ...base(app, { reason: options.reason, who: options.who }),
    action: 'abort',
    from: entry.canary.version,
    to: entry.stable?.version ?? '(nothing)',
    origin: entry.origin,
  };
}

/** share: the running canary stays, sent to another share of browsers (a canary line with its new share). */
export function planShare(registry: Registry, app: ReleasableApp, wishes: Wishes & { share: number }): ChangePlan {
  const entry = registry.apps[app.name];
  if (!entry?.canary) throw new ReleaseError(`${app.name} has no canary running.`);
  const { version, integrity, share } = entry.canary;
  if (share === wishes.share) throw new ReleaseError(`${app.name}'s canary already goes to ${share}% of browsers.`);
  return {
    ...base(app, wishes),
    action: 'canary',
    from: version,
    to: version,
    candidate: { version, checked: false, integrity },
    origin: entry.origin,
    share: wishes.share,
  };
}

/**
 * rollback: a stored version becomes stable again: the named one, or the one that was stable
 * before the current one (by the history). With a canary running and no version named, the
 * canary is aborted instead.
 */
export async function planRollback(
  store: ReleaseStore,
  registry: Registry,
  app: ReleasableApp,
  target: string | undefined,
  wishes: Wishes,
): Promise<ChangePlan> {
  const entry = registry.apps[app.name] ?? emptyApp();
  if (target === undefined && entry.canary) return planAbort(registry, app, wishes);
  const current = entry.stable?.version ?? null;
  const stored = await store.versions(app.name);
  let version = target;
  if (version === undefined) {
    if (!current) throw new ReleaseError(`${app.name} has no live version to roll back from.`);
    version = rollbackTarget(byApp(await store.readHistory()), app.name, current, stored);
    if (!version) throw new ReleaseError(`${app.name} has no version older than ${current}.`);
  } else if (!stored.includes(version)) {
    const available = stored.length ? stored.join(', ') : 'none';
    throw new ReleaseError(`${app.name} has no stored version ${version}. Available: ${available}.`);
  }
  if (current === version) throw new ReleaseError(`${app.name} is already at ${version}.`);
  return {
    ...base(app, wishes),
    action: 'rollback',
    from: current,
    to: version,
    candidate: { version, checked: false },
    origin: wishes.origin ?? entry.origin,
  };
}

import type { ReleaseStore } from '../storage/release-store';
import { releasableApps, ReleaseError, type ReleasableApp } from './apps';
import {
  checkPair,
  describeIncompatibilities,
  describeIncompatibility,
  readBuildFacts,
  type BuildFacts,
  type Incompatibility,
} from './compatibility';
import { contractProblems } from './api-contract';
import type { Registry } from './registry';

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

/**
 * Another app's version going live in the same release set. Its canary is coherent with the
 * candidate (a browser gets both or neither), and a stable one replaces what runs now, so it is
 * the only version of its app the candidate will run beside.
 */
export interface AlongsideCandidate {
  app: string;
  version: string;
  dir: string;
  canary: boolean;
}

/**
 * Every version of one app the candidate will run beside (stable and canary), as the gate reads
 * them: the set's own candidate when the app is in the candidate's release set.
 */
async function liveFacts(
  store: ReleaseStore,
  registry: Registry,
  app: string,
  alongside: readonly AlongsideCandidate[],
): Promise<BuildFacts[]> {
  const inSet = alongside.find((other) => other.app === app);
  if (inSet) return [await readBuildFacts(app, inSet.version, inSet.dir)];
  const entry = registry.apps[app];
  const versions = [entry?.stable?.version, entry?.canary?.version].filter((v): v is string => Boolean(v));
  return Promise.all(versions.map(async (v) => readBuildFacts(app, v, await store.localVersion(app, v))));
}

/**
 * The version a rollback of one app would go to, and browsers fall back to (registry.json's
 * last known good), when it is stored and not live already. For an app of the candidate's release
 * set going live as stable, that is the version stable now (the set moves it one step on).
 */
async function rollbackTargetFacts(
  store: ReleaseStore,
  registry: Registry,
  app: string,
  alongside: readonly AlongsideCandidate[],
): Promise<BuildFacts[]> {
  const entry = registry.apps[app];
  const inSet = alongside.find((other) => other.app === app);
  const version = inSet && !inSet.canary ? entry?.stable?.version : entry?.fallback?.version;
  const live = inSet ? [inSet.version] : [entry?.stable?.version, entry?.canary?.version];
  if (!version || live.includes(version)) return [];
  const dir = await store.localVersion(app, version);
  if (!dir) return [];
  return [await readBuildFacts(app, version, dir)];
}

/**
 * What keeps a candidate from going live: a remote against every live host version; a host against
 * every live version of every remote, and against each remote's rollback target (a host that
 * cannot run it would strand that rollback, and the browsers that fall back to it). The candidate's own app is never read (its other versions
 * are not loaded beside it), so promoting a canary is checked like releasing it.
 */
async function problemsOf(
  store: ReleaseStore,
  registry: Registry,
  app: ReleasableApp,
  candidate: BuildFacts,
  alongside: readonly AlongsideCandidate[],
): Promise<Incompatibility[]> {
  // Any app calls the API: the recorded one must serve the contract it was built against.
  const problems = contractProblems(candidate, registry.api, app.kind);
  if (app.kind === 'remote') {
    for (const host of await liveFacts(store, registry, 'host', alongside))
      problems.push(...checkPair(candidate, host, 'remote'));
    return problems;
  }
  for (const remote of releasableApps.filter((a) => a.kind === 'remote')) {
    for (const facts of await liveFacts(store, registry, remote.name, alongside)) {
      problems.push(...checkPair(facts, candidate, 'host'));
    }
    for (const facts of await rollbackTargetFacts(store, registry, remote.name, alongside)) {
      problems.push(
        ...checkPair(facts, candidate, 'host').map((p) => ({ ...p, remoteRole: 'rollback target' as const })),
      );
    }
  }
  return problems;
}

/**
 * The compatibility gate for a version about to go live from `dir` (beside the other candidates
 * of its release set): refuses it unless forced, and returns what --force overrode (for the
 * history), or nothing when it fits.
 */
export async function passGate(
  store: ReleaseStore,
  registry: Registry,
  app: ReleasableApp,
  candidate: { version: string; dir: string },
  force: boolean,
  alongside: readonly AlongsideCandidate[] = [],
): Promise<string[] | undefined> {
  const facts = await readBuildFacts(app.name, candidate.version, candidate.dir);
  const problems = await problemsOf(store, registry, app, facts, alongside);
  if (!problems.length) return undefined;
  if (!force) throw new IncompatibleReleaseError(`${app.name} ${candidate.version}`, problems);
  return problems.map(describeIncompatibility);
}

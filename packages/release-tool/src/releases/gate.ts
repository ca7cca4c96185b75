import fs from 'node:fs/promises';
import { releasableApps, ReleaseError, type ReleasableApp } from './apps';
import {
  checkPair,
  describeIncompatibilities,
  describeIncompatibility,
  readBuildFacts,
  type BuildFacts,
  type Incompatibility,
} from './compatibility';
import type { ReleasesLayout } from '@kloof/release-registry/folder';
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

/** Every live version (stable and canary) of one app, as the gate reads them. */
async function liveFacts(layout: ReleasesLayout, registry: Registry, app: string): Promise<BuildFacts[]> {
  const entry = registry.apps[app];
  const versions = [entry?.stable?.version, entry?.canary?.version].filter((v): v is string => Boolean(v));
  return Promise.all(versions.map((v) => readBuildFacts(app, v, layout.versionDir(app, v))));
}

/**
 * The version a rollback of one app would go to, and browsers fall back to (registry.json's
 * last known good), when it is stored and not live already.
 */
async function rollbackTargetFacts(layout: ReleasesLayout, registry: Registry, app: string): Promise<BuildFacts[]> {
  const entry = registry.apps[app];
  const version = entry?.fallback?.version;
  if (!version || version === entry.stable?.version || version === entry.canary?.version) return [];
  const dir = layout.versionDir(app, version);
  if (!(await fs.stat(dir).catch(() => null))) return [];
  return [await readBuildFacts(app, version, dir)];
}

/**
 * What keeps a candidate from going live: a remote against every live host version; a host against
 * every live version of every remote, and against each remote's rollback target (a host that
 * cannot run it would strand that rollback, and the browsers that fall back to it). The candidate's own app is never read (its other versions
 * are not loaded beside it), so promoting a canary is checked like releasing it.
 */
async function problemsOf(
  layout: ReleasesLayout,
  registry: Registry,
  app: ReleasableApp,
  candidate: BuildFacts,
): Promise<Incompatibility[]> {
  // Any app calls the API: the recorded one must serve the contract it was built against.
  const problems = contractProblems(candidate, registry.api, app.kind);
  if (app.kind === 'remote') {
    for (const host of await liveFacts(layout, registry, 'host'))
      problems.push(...checkPair(candidate, host, 'remote'));
    return problems;
  }
  for (const remote of releasableApps.filter((a) => a.kind === 'remote')) {
    for (const facts of await liveFacts(layout, registry, remote.name)) {
      problems.push(...checkPair(facts, candidate, 'host'));
    }
    for (const facts of await rollbackTargetFacts(layout, registry, remote.name)) {
      problems.push(
        ...checkPair(facts, candidate, 'host').map((p) => ({ ...p, remoteRole: 'rollback target' as const })),
      );
    }
  }
  return problems;
}

/**
 * The compatibility gate for a version about to go live from `dir`: refuses it unless forced, and
 * returns what --force overrode (for the history), or nothing when it fits.
 */
export async function passGate(
  layout: ReleasesLayout,
  registry: Registry,
  app: ReleasableApp,
  candidate: { version: string; dir: string },
  force: boolean,
): Promise<string[] | undefined> {
  const facts = await readBuildFacts(app.name, candidate.version, candidate.dir);
  const problems = await problemsOf(layout, registry, app, facts);
  if (!problems.length) return undefined;
  if (!force) throw new IncompatibleReleaseError(`${app.name} ${candidate.version}`, problems);
  return problems.map(describeIncompatibility);
}

import { createHash } from 'node:crypto';
import { findApp, ReleaseError, type ReleasableApp } from './apps';
import type { Registry } from './registry';
import { timeStamp } from './versions';

/**
 * A release set: several apps released as one change (one registry write, one history line), whose
 * canary a browser gets whole or not at all. Its id names the moment and what went in, e.g.
 * set-20261122-100001-000-0a1b2c3d, like a version name, so ops can type and sort it.
 */
const SET_ID = /^set-\d{8}-\d{6}-\d{3}-[0-9a-f]{8}$/;

export function isSetId(name: string): boolean {
  return SET_ID.test(name);
}

/** The id of a set released at `now` with these app versions. */
export function setId(now: Date, members: readonly { app: string; version: string }[]): string {
  const hash = createHash('sha256');
  for (const { app, version } of members) hash.update(`${app}@${version}\n`);
  return `set-${timeStamp(now)}-${hash.digest('hex').slice(0, 8)}`;
}

/** The apps a release set is asked for, each known and named once; two or more. */
export function setMembers(names: readonly string[]): ReleasableApp[] {
  const apps = names.map((name) => findApp(name));
  const repeated = apps.find((app, i) => apps.findIndex((other) => other.name === app.name) !== i);
  if (repeated) throw new ReleaseError(`${repeated.name} is named twice; a release set has each app once.`);
  if (apps.length < 2) throw new ReleaseError('A release set has two apps or more; release one app on its own.');
  return apps;
}

/** The apps whose running canary belongs to the set, in the registry's order. */
export function setCanaryApps(registry: Registry, set: string): string[] {
  return Object.entries(registry.apps)
    .filter(([, entry]) => entry.canary?.set === set)
    .map(([app]) => app);
}

/** The apps whose stable version went live in the set (released or promoted with it). */
export function setStableApps(registry: Registry, set: string): string[] {
  return Object.entries(registry.apps)
    .filter(([, entry]) => entry.stable?.set === set)
    .map(([app]) => app);
}

/**
 * Refuses a change that would leave part of a running set canary behind: a set's canaries move
 * together (promote or abort the set), or a browser would get a mix after all. `changing` are the
 * apps the change moves; a change of every app of that set (a new set of the same apps) may replace it.
 */
export function refusePartOfSetCanary(registry: Registry, changing: readonly string[]): void {
  for (const app of changing) {
    const set = registry.apps[app]?.canary?.set;
    if (!set) continue;
    const members = setCanaryApps(registry, set);
    if (members.every((member) => changing.includes(member))) continue;
    throw new ReleaseError(
      `${app}'s canary is part of release set ${set} (${members.join(', ')}): promote or abort the whole set first ` +
        `(pnpm promote ${set}, pnpm rollback ${set}).`,
    );
  }
}

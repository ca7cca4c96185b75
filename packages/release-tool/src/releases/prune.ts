import fs from 'node:fs/promises';
import { findApp, releasableApps, ReleaseError } from './apps';
import { appendHistory, currentUser, readHistory, type HistoryEntry } from './history';
import type { ReleasesLayout } from '@kloof/release-registry/folder';
import { withReleasesLock } from './lock';
import { readRegistry } from './registry';
import { storedVersions } from './versions';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Versions that were live (stable or canary) at some moment since `since`, read from the history. */
function liveSince(history: HistoryEntry[], app: string, since: number): Set<string> {
  const versions = new Set<string>();
  for (const entry of history) {
    if (entry.app !== app || entry.action === 'prune' || Date.parse(entry.time) < since) continue;
    // The version a change moved away from was live until that change; the target from then on.
    if (entry.from) versions.add(entry.from);
    versions.add(entry.to);
  }
  return versions;
}

export interface PruneResult {
  app: string;
  deleted: string[];
  kept: string[];
}

/**
 * Deletes all but the newest `keep` stored versions of each app, never the stable, canary or
 * previous version, nor any version live in the last 24 hours.
 */
export async function prune(
  layout: ReleasesLayout,
  keep: number,
  options: { app?: string; now?: Date } = {},
): Promise<PruneResult[]> {
  if (!Number.isInteger(keep) || keep < 0)
    throw new ReleaseError(`--keep takes a whole number of versions (got ${keep}).`);
  const apps = options.app ? [findApp(options.app)] : releasableApps;
  return withReleasesLock(layout, async () => {
    const registry = await readRegistry(layout);
    const history = await readHistory(layout);
    const since = (options.now ?? new Date()).getTime() - DAY_MS;
    const results: PruneResult[] = [];
    for (const app of apps) {
      const entry = registry.apps[app.name];
      const protectedVersions = new Set(
        [entry?.stable?.version, entry?.canary?.version, entry?.previous].filter((v): v is string => Boolean(v)),
      );
      for (const v of liveSince(history, app.name, since)) protectedVersions.add(v);
      const versions = await storedVersions(layout.appDir(app.name));
      const newest = new Set(versions.slice(Math.max(0, versions.length - keep)));
      const deleted = versions.filter((v) => !newest.has(v) && !protectedVersions.has(v));
      for (const version of deleted) {
        await fs.rm(layout.versionDir(app.name, version), { recursive: true, force: true });
        await appendHistory(layout, {
          time: new Date().toISOString(),
          app: app.name,
          action: 'prune',
          from: version,
          to: '(deleted)',
          who: currentUser(),
        });
      }
      results.push({ app: app.name, deleted, kept: versions.filter((v) => !deleted.includes(v)) });
    }
    return results;
  });
}

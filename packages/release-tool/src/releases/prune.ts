import { storeOf, type ReleaseTarget } from '../storage/target';
import { findApp, releasableApps, ReleaseError } from './apps';
import { byApp, currentUser, historyLine, type HistoryEntry } from './history';

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
  /** Why each kept version was kept: 'stable', 'one of the newest 5', 'live in the last 24 hours', ... */
  why: Record<string, string[]>;
  /** The prerendered page pairs (pages/<pair>) that named a deleted version, deleted with it. */
  deletedPages: string[];
}

/** Whether a pages pair (`host-<v>+<remote>-<v>`) was rendered with this version of this app. */
const pairUses = (pair: string, app: string, version: string) =>
  app === 'host' ? pair.startsWith(`host-${version}+`) : pair.endsWith(`+${app}-${version}`);

/** The reasons a stored version may not be deleted, in the order they are shown. */
function reasonsToKeep(
  version: string,
  facts: {
    stable?: string;
    canary?: string;
    previous?: string | null;
    fallback?: string;
    newest: Set<string>;
    keep: number;
  },
  recentlyLive: Set<string>,
): string[] {
  return [
    version === facts.stable && 'stable',
    version === facts.canary && 'canary',
    version === facts.previous && 'previous',
    version === facts.fallback && 'last known good',
    facts.newest.has(version) && `one of the newest ${facts.keep}`,
    recentlyLive.has(version) && 'live in the last 24 hours',
  ].filter((reason): reason is string => Boolean(reason));
}

/**
 * Deletes all but the newest `keep` stored versions of each app, never the stable, canary,
 * previous or last known good version (browsers fall back to it), nor any version live in the last 24 hours; says why it kept each one.
 * The prerendered pages of a deleted version (host or page remote) go with it.
 */
export async function prune(
  target: ReleaseTarget,
  keep: number,
  options: { app?: string; now?: Date } = {},
): Promise<PruneResult[]> {
  if (!Number.isInteger(keep) || keep < 0)
    throw new ReleaseError(`--keep takes a whole number of versions (got ${keep}).`);
  const apps = options.app ? [findApp(options.app)] : releasableApps;
  const store = storeOf(target);
  return store.exclusive(async () => {
    const { registry } = await store.readPointer();
    const history = byApp(await store.readHistory());
    const since = (options.now ?? new Date()).getTime() - DAY_MS;
    const results: PruneResult[] = [];
    const pairs = await store.pagePairs();
    for (const app of apps) {
      const entry = registry.apps[app.name];
      const versions = await store.versions(app.name);
      const facts = {
        stable: entry?.stable?.version,
        canary: entry?.canary?.version,
        previous: entry?.previous,
        fallback: entry?.fallback?.version,
        newest: new Set(versions.slice(Math.max(0, versions.length - keep))),
        keep,
      };
      const recentlyLive = liveSince(history, app.name, since);
      const why: Record<string, string[]> = {};
      const deleted: string[] = [];
      for (const version of versions) {
        const reasons = reasonsToKeep(version, facts, recentlyLive);
        if (reasons.length) why[version] = reasons;
        else deleted.push(version);
      }
      for (const version of deleted) {
        // The line first: a user name that cannot be recorded stops the prune before a deletion.
        const line = historyLine({
          time: new Date().toISOString(),
          app: app.name,
          action: 'prune',
          from: version,
          to: '(deleted)',
          who: currentUser(),
        });
        await store.deleteVersion(app.name, version);
        await store.appendHistory(line);
      }
      // Pages rendered with a deleted version are never served again (the registry no longer names it).
      const deletedPages = pairs.filter((pair) => deleted.some((version) => pairUses(pair, app.name, version)));
      for (const pair of deletedPages) await store.deletePages(pair);
      results.push({
        app: app.name,
        deleted,
        kept: versions.filter((v) => !deleted.includes(v)),
        why,
        deletedPages,
      });
    }
    return results;
  });
}

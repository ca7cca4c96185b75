import type { HistoryAction, HistoryEntry } from './history';

/** The changes that move an app's stable version (a canary, its abort and prune leave it). */
const MOVES_STABLE: ReadonlySet<HistoryAction> = new Set(['release', 'promote', 'rollback']);

/**
 * The stable versions of one app in the order they went live, as a rollback walks them back: a
 * release or promote adds its version; a rollback to a version on the trail goes back to it (what
 * came after is left behind), a rollback anywhere else (a named one, forwards) adds it.
 */
export function stableTrail(history: readonly HistoryEntry[], app: string): string[] {
  const trail: string[] = [];
  for (const entry of history) {
    if (entry.app !== app || !MOVES_STABLE.has(entry.action)) continue;
    const back = entry.action === 'rollback' ? trail.lastIndexOf(entry.to) : -1;
    if (back >= 0) trail.length = back + 1;
    else if (trail.at(-1) !== entry.to) trail.push(entry.to); // a new origin only: same version
  }
  return trail;
}

/**
 * Where `rollback <app>` goes from the stable version `current`: the version that was stable
 * before it, by the history, and still stored. A canary that was aborted was never stable, so it
 * is never the answer. Without a history that leads to `current` (a releases folder copied
 * without history.jsonl), the newest stored version older than it.
 */
export function rollbackTarget(
  history: readonly HistoryEntry[],
  app: string,
  current: string,
  stored: readonly string[],
): string | undefined {
  const trail = stableTrail(history, app);
  if (trail.at(-1) !== current) return stored.filter((v) => v < current).pop();
  return trail
    .slice(0, -1)
    .reverse()
    .find((v) => v !== current && stored.includes(v));
}

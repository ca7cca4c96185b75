import type { Change } from './steps';

/**
 * The only write of a change: registry.json, if it is still the one the change was planned from
 * (`tag`), then its history line. Nothing is written when the change has no line (a build
 * identical to the live one).
 */
export async function commit(change: Change, tag: string | null): Promise<void> {
  if (!change.line) return;
  await change.store.commit(change.registry, tag, change.line);
}

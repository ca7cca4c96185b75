import type { ReleaseStore } from '../storage/release-store';
import type { Registry } from './registry';

/**
 * The only write of a change: registry.json, if it is still the one the change was planned from
 * (`tag`), then its history line. Nothing is written when the change has no line (a build
 * identical to the live one).
 */
export async function commit(
  store: ReleaseStore,
  registry: Registry,
  tag: string | null,
  line: string | undefined,
): Promise<void> {
  if (!line) return;
  await store.commit(registry, tag, line);
}

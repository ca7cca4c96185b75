import { appendHistoryLine } from './history';
import { writeRegistry } from './registry';
import type { Change } from './steps';

/**
 * The only write of a change: registry.json (atomic), then its history line. Nothing is written
 * when the change has no line (a build identical to the live one).
 */
export async function commit(change: Change): Promise<void> {
  if (!change.line) return;
  await writeRegistry(change.layout, change.registry);
  await appendHistoryLine(change.layout, change.line);
}

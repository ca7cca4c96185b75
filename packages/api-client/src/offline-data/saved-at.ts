/** When each value a screen got from a saved read was saved (the answer and every object in it). */
const savedAtOf = new WeakMap<object, number>();

/**
 * Marks an answer from a saved read: the answer and every object and list inside it, so a screen
 * that shows a part of it (a page's items, one row) can still say when it was saved.
 */
export function markSaved(value: unknown, savedAt: number): void {
  if (typeof value !== 'object' || value === null || savedAtOf.has(value)) return;
  savedAtOf.set(value, savedAt);
  for (const inner of Array.isArray(value) ? value : Object.values(value)) markSaved(inner, savedAt);
}

/** When a value a screen shows was saved (ms since the epoch), or null when it came from the network. */
export function savedAt(value: unknown): number | null {
  return typeof value === 'object' && value !== null ? (savedAtOf.get(value) ?? null) : null;
}

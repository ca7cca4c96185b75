import fs from 'node:fs';

const seen = new Map<string, fs.Stats | undefined>();
let clearing = false;

/**
 * `fs.statSync` at most once per file per turn of the event loop: the requests read in one turn
 * arrived together, so they share one look at the disk; the next turn looks again (a release or
 * rebuild is seen by the next request after it). Under load this removes most stats.
 */
export function statPerTurn(file: string): fs.Stats | undefined {
  if (seen.has(file)) return seen.get(file);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  seen.set(file, stat);
  if (!clearing) {
    clearing = true;
    setImmediate(() => {
      seen.clear();
      clearing = false;
    });
  }
  return stat;
}

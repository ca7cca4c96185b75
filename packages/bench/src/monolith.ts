import path from 'node:path';
import { timeBuild } from './build-times';

/** Where the monolith build (the yardstick: every page in one app, no federation) is written. */
export const monolithDist = path.resolve(import.meta.dirname, '..', 'monolith', 'dist');

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** Builds the monolith from the current sources; returns the wall time in seconds. */
export function buildMonolith(): number {
  return timeBuild('monolith', 'pnpm', ['--filter', '@kloof/bench', 'build:monolith'], repoRoot);
}

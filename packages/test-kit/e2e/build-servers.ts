import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * Playwright's global setup: the Node programs built as `pnpm start` runs them (`pnpm build:servers`),
 * once per run. Specs that run the release tool or a web server per command then start compiled
 * JavaScript instead of compiling TypeScript through tsx each time, and never a stale build.
 */
export default function buildServers(): void {
  const built = spawnSync('pnpm', ['build:servers'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) {
    throw new Error(`pnpm build:servers failed (exit ${built.status}): the browser tests run the built servers.`);
  }
}

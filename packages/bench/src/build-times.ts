import { spawnSync } from 'node:child_process';

/** Runs a build command and returns its wall time in seconds; throws when it fails. */
export function timeBuild(label: string, command: string, args: string[], cwd: string): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status})`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

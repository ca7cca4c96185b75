import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const cli = path.join(import.meta.dirname, '..', 'cli', 'release.ts');
const tsx = path.join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the release command line as ops type it, in its own process, against one releases
 * folder; `cwd` is where relative --from folders are read from, `user` who is recorded, `env`
 * variables set (or, undefined, removed) on top.
 */
export function releaseCli(options: {
  releasesDir: () => string;
  cwd: () => string;
  user: string;
  env?: Record<string, string | undefined>;
}) {
  return async (...args: string[]): Promise<CliResult> => {
    const env: NodeJS.ProcessEnv = {
      // No API on port 47 (unassigned): status says the rates could not be read (never a developer's API).
      RELEASE_API_URL: 'http://127.0.0.1:47',
      RELEASE_API_EMAIL: 'ops@example.com',
      RELEASE_API_PASSWORD: 'not a real password',
      ...process.env,
      USER: options.user,
      INIT_CWD: options.cwd(),
      ...options.env,
    };
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
    try {
      const { stdout, stderr } = await run(tsx, [cli, ...args, '--releases-dir', options.releasesDir()], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as CliResult;
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
}

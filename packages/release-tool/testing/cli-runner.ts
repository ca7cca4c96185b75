import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { main } from '../src/cli/main';

const run = promisify(execFile);
const cli = path.join(import.meta.dirname, '..', 'src', 'cli', 'release.ts');
const tsx = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

interface CliOptions {
  releasesDir: () => string;
  cwd: () => string;
  user: string;
  env?: Record<string, string | undefined>;
}

/** The environment a shell gives the command: this one's, the user, where it is typed, and `env` on top. */
function commandEnv(options: CliOptions): NodeJS.ProcessEnv {
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
  return env;
}

/**
 * Runs the release command line as ops type it, against one releases folder; `cwd` is where
 * relative --from folders are read from, `user` who is recorded, `env` variables set (or,
 * undefined, removed) on top. In this process (`main` with that environment, its output and exit
 * code captured): what the command does, without starting tsx for each one.
 */
export function releaseCli(options: CliOptions) {
  return async (...args: string[]): Promise<CliResult> => {
    const output = { stdout: '', stderr: '' };
    const code = await main([...args, '--releases-dir', options.releasesDir()], commandEnv(options), {
      stdout: (text) => (output.stdout += text),
      stderr: (text) => (output.stderr += text),
    });
    return { code, ...output };
  };
}

/**
 * The same command in a process of its own (`node --import tsx release.ts`): for what only a
 * process shows, the exit code a shell sees, its stray output, two processes racing for the lock.
 */
export function releaseProcess(options: CliOptions) {
  return async (...args: string[]): Promise<CliResult> => {
    try {
      const { stdout, stderr } = await run(tsx, [cli, ...args, '--releases-dir', options.releasesDir()], {
        env: commandEnv(options),
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as CliResult;
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
}

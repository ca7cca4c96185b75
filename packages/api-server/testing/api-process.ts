import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { findPackageRoot } from '../src/config/paths';
import { pgliteTemplate } from './harness';

// No __dirname when a script (ESM) imports this: scripts run from the package folder.
const packageRoot = (typeof __dirname === 'string' ? findPackageRoot(__dirname) : undefined) ?? process.cwd();

/** Environment of a real API process in tests: PGlite (never the CI's DATABASE_URL), cheap hashing. */
export function processEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.DATABASE_URL;
  delete base.NODE_ENV; // the entry point's own default applies unless a test sets it
  return {
    ...base,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  };
}

/** A test API's mode and password hashing cheap enough for many sign-ins (checked by the config). */
export const CHEAP_TEST_ENV = { NODE_ENV: 'test', ARGON2_MEMORY_KIB: '256', ARGON2_TIME_COST: '1' } as const;

export interface ApiProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs one of the package's entry points (`src/main.ts`, `src/cli/seed.ts`...) as its own process. */
export function runEntry(entry: string, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: packageRoot,
    env: processEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

export interface RunningApi extends ApiProcess {
  url: string;
}

/** Starts the API (`src/main.ts`) and waits until it listens; rejects with its output if it exits first. */
export async function startApiProcess(env: Record<string, string>, timeoutMs: number): Promise<RunningApi> {
  const api = runEntry('src/main.ts', env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      api.child.kill('SIGKILL');
      reject(new Error(`API did not start within ${timeoutMs} ms:\n${api.output()}`));
    }, timeoutMs);
    const check = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(api.output());
      if (m?.[1] && api.output().includes('API ready')) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    api.child.stdout?.on('data', check);
    void api.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`API exited (${code ?? signal}) before it was ready:\n${api.output()}`));
    });
  });
  return { ...api, url };
}

/** A PGlite data folder with every migration applied, made from the test template (no initdb: fast). */
export async function preparedDataDir(dir: string): Promise<string> {
  const pglite = await PGlite.create({ dataDir: dir, loadDataDir: await pgliteTemplate() });
  await pglite.close();
  return path.resolve(dir);
}

/** Stops a test's API as a process manager would (SIGTERM) and waits until it has ended. */
export async function stopApiProcess(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null) return;
  api.child.kill('SIGTERM');
  await api.exited;
}

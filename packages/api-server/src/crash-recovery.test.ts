import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { scaled } from '@kloof/test-kit/slowdown';
import { findPackageRoot } from './config/paths';
import { CHEAP_TEST_ENV, preparedDataDir } from '../testing/api-process';
import { anyPostgres, type SharedPostgres } from '../testing/postgres-cluster';
import { startWriteTraffic, type WriteTraffic } from '../testing/write-traffic';

// The API as `pnpm start` runs it: the process runner's `start` stack (its API part, with the spare
// it keeps), killed with kill -9 while clients write. It must answer again by itself and keep every
// write it acknowledged. How fast is measured by `pnpm --filter @kloof/bench bench:crash`, not here.
const repoRoot = path.resolve(findPackageRoot(__dirname) ?? process.cwd(), '..', '..');
const runnerSource = (file: string) =>
  pathToFileURL(path.join(repoRoot, 'packages', 'process-runner', 'src', file)).href;
const admin = { email: 'crash-admin@example.com', password: 'crash-admin-passphrase' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// `pnpm start` runs the compiled API: build it as `pnpm build:servers` does (a second or two).
beforeAll(() => {
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'packages/process-runner/src/build-servers.ts')],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  if (built.status !== 0) throw new Error(`pnpm build:servers failed:\n${built.stdout}${built.stderr}`);
}, scaled(120_000));

/** The process runner with the `start` stack's API part (the API and its spare), `env` added. */
function startRunner(port: number, env: Record<string, string>) {
  const code = `const { runTogether } = await import(${JSON.stringify(runnerSource('run-together.js'))});
const { stacks } = await import(${JSON.stringify(runnerSource('stacks.ts'))});
const api = stacks({ API_PORT: '${port}' }).start.find((part) => part.name === 'api');
process.exitCode = await runTogether(${JSON.stringify(repoRoot)}, [{ ...api, env: { ...api.env, ...${JSON.stringify(env)} } }]);`;
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: repoRoot,
    env: base,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}\n${output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const healthy = (url: string) =>
  fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.status === 200,
    () => false,
  );
const pids = (output: string, pattern: RegExp) => [...output.matchAll(pattern)].map((m) => Number(m[1]));

describe.each(['pglite', 'postgres'] as const)('a kill -9 of the API under `pnpm start` (%s)', (db) => {
  let dir: string;
  let postgres: SharedPostgres | null = null;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kloof-api-crash-'));
    if (db === 'postgres') postgres = await anyPostgres();
  }, scaled(120_000));
  afterAll(async () => {
    await postgres?.release();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'is answered again by its spare, with every acknowledged write kept',
    async () => {
      if (db === 'postgres' && !postgres) return console.warn('skipped: no PostgreSQL server programs');
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = postgres ? undefined : await preparedDataDir(path.join(dir, 'pglite'));
      const runner = startRunner(port, {
        ...CHEAP_TEST_ENV,
        LOG_LEVEL: 'info', // the 'API ready' lines name each API's pid
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: postgres!.url, DATABASE_SCHEMA: 't_crash_recovery' }),
      });
      const output = runner.output;
      let traffic: WriteTraffic | undefined;
      try {
        await until(
          'the API and its spare',
          async () => (await healthy(url)) && /standing by as pid/.test(output()),
          scaled(120_000),
          output,
        );
        const login = await fetch(`${url}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(admin),
        });
        const { accessToken } = (await login.json()) as { accessToken: string };
        traffic = startWriteTraffic(url, accessToken, {
          workers: 4,
          prefix: `crash-${db}`,
          requestTimeoutMs: scaled(10_000),
        });
        await traffic.waitFor((r) => r.status === 201, 20, 0, scaled(30_000));

        const [running] = pids(output(), /"pid":(\d+)[^\n]*"msg":"API ready"/g);
        const [spare] = pids(output(), /standing by as pid (\d+)/g);
        process.kill(running!, 'SIGKILL');
        await until('health 200 after kill -9', () => healthy(url), scaled(120_000), output);
        await traffic.waitFor((r) => r.status === 201, 10, Date.now(), scaled(30_000));
        await traffic.stop();

        // The spare loaded before the crash is the API that answers now: no cold start. Its log line
        // may come after its first answers (the API writes its log in batches).
        const readyAfterCrash = () =>
          pids(output(), /"pid":(\d+)[^\n]*"msg":"API ready"/g).filter((pid) => pid !== running);
        await until('an API ready after the crash', () => readyAfterCrash().length > 0, scaled(30_000), output);
        expect(readyAfterCrash()).toEqual([spare]);
        expect(output()).toContain('[api] its spare takes over');

        runner.child.kill('SIGTERM');
        expect(await runner.exited).toBe(0);
        const stored = new Set(await storedNames(dataDir));
        expect(traffic.acknowledged().filter((name) => !stored.has(name))).toEqual([]);
        expect(traffic.acknowledged().length).toBeGreaterThanOrEqual(30);
      } finally {
        await traffic?.stop();
        // A stop the runner passes on to the API and its spare (their own process groups).
        if (runner.child.exitCode === null) runner.child.kill('SIGTERM');
        await runner.exited;
      }
    },
    scaled(300_000),
  );

  /** Every workspace name in the database, read once the API has stopped. */
  async function storedNames(dataDir: string | undefined): Promise<string[]> {
    if (dataDir) {
      const pglite = await PGlite.create({ dataDir });
      try {
        return (await pglite.query<{ name: string }>('select name from workspaces')).rows.map((r) => r.name);
      } finally {
        await pglite.close();
      }
    }
    const client = new pg.Client({ connectionString: postgres!.url });
    await client.connect();
    try {
      return (await client.query<{ name: string }>('select name from t_crash_recovery.workspaces')).rows.map(
        (r) => r.name,
      );
    } finally {
      await client.end();
    }
  }
});

import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { scaled } from '@kloof/test-kit/slowdown';
import { freePort } from '@kloof/test-kit/e2e/workspace-command';

const run = promisify(execFile);

/**
 * Where PostgreSQL's server programs are: PG_BIN, Debian's PostgreSQL 15 (what
 * scripts/with-postgres.sh uses and CI installs), or `pg_config --bindir`. null when there are none.
 */
export function postgresBinaries(): string | null {
  const candidates = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin'];
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (pgConfig.status === 0) candidates.push(pgConfig.stdout.trim());
  return candidates.find((dir): dir is string => !!dir && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

export interface TestCluster {
  /** postgres:// URL of the `kloof` database, as the superuser. */
  url: string;
  /** Stops the server: `fast` as an operator would, `immediate` as a crash (recovery on next start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** `pg_terminate_backend` on every other connection to the database; returns how many were cut. */
  terminateBackends(): Promise<number>;
  /** One query on a fresh connection (checks, counts). */
  query<R extends pg.QueryResultRow>(text: string): Promise<R[]>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster of a test's own, which the test may stop, crash and start (the
 * suite's shared one from scripts/with-postgres.sh must stay up for the other files). initdb refuses
 * to run as root, so as root it runs as the `postgres` user, like with-postgres.sh.
 * Commits are synchronous (PostgreSQL's default), so a write the API acknowledged survives a crash.
 */
export async function startTestCluster(binDir: string): Promise<TestCluster> {
  const asRoot = process.getuid?.() === 0;
  const runAs = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, program), ...args])
      : run(path.join(binDir, program), args);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kloof-pg-test-'));
  if (asRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), 0);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const timeoutSeconds = String(Math.ceil(scaled(60_000) / 1000));
  await runAs('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const start = async () => {
    await runAs('pg_ctl', [
      '-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', timeoutSeconds,
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
      'start',
    ]); // prettier-ignore
  };
  const stop = async (mode: 'fast' | 'immediate') => {
    await runAs('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', timeoutSeconds, 'stop']);
  };
  await start();
  await runAs('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'kloof']);
  const url = `postgres://postgres@127.0.0.1:${port}/kloof`;

  const query = async <R extends pg.QueryResultRow>(text: string): Promise<R[]> => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined); // this check's own connection may be cut by the test
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  return {
    url,
    stop,
    start,
    query,
    async terminateBackends() {
      const rows = await query<{ cut: boolean }>(
        `select pg_terminate_backend(pid) as cut from pg_stat_activity
         where datname = 'kloof' and pid <> pg_backend_pid()`,
      );
      return rows.filter((r) => r.cut).length;
    },
    async destroy() {
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SharedPostgres {
  url: string;
  release(): Promise<void>;
}

/**
 * A PostgreSQL for tests that need one whatever the run: the suite's (DATABASE_URL, from
 * scripts/with-postgres.sh) or a throwaway cluster of this file's own; null where neither exists.
 */
export async function anyPostgres(): Promise<SharedPostgres | null> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, release: async () => undefined };
  const binDir = postgresBinaries();
  if (!binDir) return null;
  const cluster = await startTestCluster(binDir);
  return { url: cluster.url, release: () => cluster.destroy() };
}

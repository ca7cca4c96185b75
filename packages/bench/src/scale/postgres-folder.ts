import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgresBinaries } from '@kloof/api-server/testing';
import { freePort } from '@kloof/test-kit/e2e/workspace-command';

const run = promisify(execFile);

/** A PostgreSQL 15 cluster kept in a folder of the bench's cache, started for a run and stopped after. */
export interface KeptCluster {
  url: string;
  /** Runs SQL through psql (stops at the first error). */
  sql(text: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the cluster in `dir` (initdb first when the folder has none), with the shared_buffers the
 * issue's figures were measured with. initdb refuses to run as root, so as root it runs as the
 * `postgres` user, like postgres-cluster.ts.
 */
export async function keptCluster(dir: string): Promise<KeptCluster> {
  const binDir = postgresBinaries();
  if (!binDir) throw new Error('No PostgreSQL: install postgresql-15 (or set PG_BIN)');
  const asRoot = process.getuid?.() === 0;
  const runAs = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, program), ...args], { maxBuffer: 1 << 26 })
      : run(path.join(binDir, program), args, { maxBuffer: 1 << 26 });
  const data = path.join(dir, 'data');
  const fresh = !fs.existsSync(path.join(data, 'PG_VERSION'));
  fs.mkdirSync(dir, { recursive: true });
  if (asRoot) fs.chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), 0);
  if (fresh) await runAs('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  await runAs('pg_ctl', [
    '-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '300',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=512MB -c fsync=off -c synchronous_commit=off`,
    'start',
  ]); // prettier-ignore
  if (fresh) await runAs('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'kloof']);
  const url = `postgres://postgres@127.0.0.1:${port}/kloof`;
  return {
    url,
    async sql(text) {
      const { stdout } = await run(
        path.join(binDir, 'psql'),
        [url, '-v', 'ON_ERROR_STOP=1', '-X', '-q', '-t', '-A', '-c', text],
        { maxBuffer: 1 << 26 },
      );
      return stdout.trim();
    },
    async stop() {
      await runAs('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '300', 'stop']);
    },
  };
}

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { DataDirLockedError, LOCK_FILE, lockDataDir, type DataDirLock } from '../db/data-dir-lock';
import { PGLITE_EXTENSIONS } from '../db/pglite-dialect';
import { apiSessionName } from '../db/postgres-pool';
import { makePrivate } from '../lib/private-files';

const run = promisify(execFile);

/** The database settings a copy needs: PGlite's folder, or PostgreSQL's URL and schema. */
export type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>;

/** A refusal that leaves the database as it was; its message is one line for the operator. */
export class DatabaseCopyError extends Error {
  override name = 'DatabaseCopyError';
}

/** What a copy holds: PGlite's data folder as its own tar dump, or PostgreSQL's pg_dump custom format. */
export type DatabaseKind = 'pglite' | 'postgres';

export const databaseKind = (config: DatabaseConfig): DatabaseKind => (config.databaseUrl ? 'postgres' : 'pglite');

/** pg_dump and pg_restore: in `pgBin` when given (Debian's /usr/lib/postgresql/<v>/bin), else on PATH. */
const pgTool = (pgBin: string | undefined, name: 'pg_dump' | 'pg_restore') => (pgBin ? path.join(pgBin, name) : name);

/**
 * The data folder's lock, taken for the whole copy: with the API running the folder is in use and
 * the copy is refused (DataDirLockedError names the holder), so no copy is ever taken mid-write.
 */
function lockForCopy(config: DatabaseConfig): DataDirLock {
  if (config.dataDir.startsWith('memory://'))
    throw new DatabaseCopyError('DATA_DIR is memory://: there is nothing to copy');
  try {
    return lockDataDir(config.dataDir, 'backup');
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new DatabaseCopyError(
      `the API is running (pid ${error.holder.pid} holds ${config.dataDir}): stop it first, PGlite has one writer`,
    );
  }
}

/** Writes a consistent copy of the database to `file`. */
export async function dumpDatabase(config: DatabaseConfig, file: string, pgBin?: string): Promise<DatabaseKind> {
  if (config.databaseUrl) {
    // One snapshot for the whole dump: consistent while the API keeps serving.
    const schema = config.databaseSchema ? ['--schema', config.databaseSchema] : [];
    await run(pgTool(pgBin, 'pg_dump'), ['-Fc', '--no-owner', ...schema, '-f', file, '-d', config.databaseUrl]);
    return 'postgres';
  }
  // Opening a folder with no database would make a new, empty one and back that up.
  if (!fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    throw new DatabaseCopyError(`${config.dataDir} holds no database: is DATA_DIR the one the API uses?`);
  }
  const lock = lockForCopy(config);
  try {
    const db = await PGlite.create({ dataDir: config.dataDir, extensions: PGLITE_EXTENSIONS });
    try {
      const dump = await db.dumpDataDir('none');
      await fs.promises.writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
  return 'pglite';
}

/** Refuses while an API instance is connected to this PostgreSQL database and schema. */
async function refuseWhileServed(config: DatabaseConfig): Promise<void> {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [apiSessionName(config.databaseSchema)],
    );
    const connected = Number(rows[0]?.n ?? 0);
    if (connected > 0) {
      throw new DatabaseCopyError(
        `the API is running (${connected} connection${connected === 1 ? '' : 's'} to this database): stop it before restoring`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Entries of a folder but its lock file. */
const contentsOf = (dir: string) => fs.readdirSync(dir).filter((name) => name !== LOCK_FILE);

/**
 * Puts the copy in `file` in place of the database. PGlite: the copy is loaded into a fresh folder
 * first (a copy that does not open changes nothing), then swapped in under the data folder's lock;
 * the folder it replaced is kept beside it, named in the result. PostgreSQL: pg_restore --clean in
 * one transaction, refused while an API is connected.
 */
export async function restoreDatabase(
  config: DatabaseConfig,
  kind: DatabaseKind,
  file: string,
  pgBin?: string,
): Promise<{ keptAside?: string }> {
  if (kind !== databaseKind(config)) {
    throw new DatabaseCopyError(
      `the backup holds a ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} database and this site uses ${kind === 'pglite' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`,
    );
  }
  if (config.databaseUrl) {
    await refuseWhileServed(config);
    await run(pgTool(pgBin, 'pg_restore'), [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '-d',
      config.databaseUrl,
      file,
    ]);
    return {};
  }
  const lock = lockForCopy(config);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const incoming = `${config.dataDir}.restoring-${stamp}`;
  const keptAside = `${config.dataDir}.before-restore-${stamp}`;
  try {
    const db = await PGlite.create({
      dataDir: incoming,
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([await fs.promises.readFile(file)]),
    });
    await db.close();
    fs.mkdirSync(keptAside, { mode: 0o700 });
    for (const name of contentsOf(config.dataDir)) {
      fs.renameSync(path.join(config.dataDir, name), path.join(keptAside, name));
    }
    for (const name of contentsOf(incoming)) fs.renameSync(path.join(incoming, name), path.join(config.dataDir, name));
    makePrivate(config.dataDir);
    return { keptAside };
  } finally {
    fs.rmSync(incoming, { recursive: true, force: true });
    lock.release();
  }
}

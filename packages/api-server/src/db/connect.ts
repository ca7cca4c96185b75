import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { Config } from '../config';
import { Availability } from '../lib/availability';
import { makePrivate } from '../lib/private-files';
import { lockDataDir } from './data-dir-lock';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import { createPostgresPool } from './postgres-pool';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database answered lately (PostgreSQL comes and goes; the API stays). */
  availability: Availability;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A PGlite data dump to start from (tests: a migrated template, much faster than initdb). */
  pgliteTemplate?: Blob | File | undefined;
  /** Told how many entries of the PGlite data folder had to be made private (0: none). */
  onMadePrivate?: ((dir: string, changed: number) => void) | undefined;
  /** Receives the database's comings and goings (buildServer passes one that logs them). */
  availability?: Availability | undefined;
}

export async function connectDatabase(config: Config, options: ConnectOptions = {}): Promise<DbHandle> {
  const availability = options.availability ?? new Availability('database', undefined);
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    const pool = createPostgresPool(config.databaseUrl, schema, availability);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    } catch (err) {
      await db.destroy();
      throw err;
    }
    return { db, kind: 'postgres', availability, close: () => db.destroy() };
  }
  const inMemory = config.dataDir.startsWith('memory://');
  // The folder holds the signing secret and password hashes: only this user may read it.
  let madePrivate = inMemory ? 0 : makePrivate(config.dataDir);
  // One writer per data folder: refuse before PGlite touches it (PostgreSQL takes no such lock).
  const lock = inMemory ? undefined : lockDataDir(config.dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(inMemory ? {} : { dataDir: config.dataDir }),
      ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
    });
    // A first start unpacks PGlite's initial database with mode 0666: fix it before anything is stored.
    if (!inMemory) madePrivate += makePrivate(config.dataDir);
  } catch (err) {
    lock?.release();
    throw err;
  }
  if (madePrivate) options.onMadePrivate?.(config.dataDir, madePrivate);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    availability,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Connects and applies every pending migration (closing again if they fail). */
export async function openDatabase(
  config: Config,
  options: ConnectOptions = {},
  onMigrated?: (applied: string[], kind: DbHandle['kind']) => void,
): Promise<DbHandle> {
  const handle = await connectDatabase(config, options);
  try {
    const applied = await migrateToLatest(handle.db, config);
    if (applied.length) onMigrated?.(applied, handle.kind);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db, config: Pick<Config, 'databaseSchema'>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(config.databaseSchema ? { migrationTableSchema: config.databaseSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

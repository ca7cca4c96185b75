import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { migrationProvider } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A PGlite data dump to start from (tests: a migrated template, much faster than initdb). */
  pgliteTemplate?: Blob | File | undefined;
}

export async function connectDatabase(config: Config, options: ConnectOptions = {}): Promise<DbHandle> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const inMemory = config.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(config.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(inMemory ? {} : { dataDir: config.dataDir }),
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
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

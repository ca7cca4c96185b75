import { PGlite } from '@electric-sql/pglite';
import type { Tracer } from '@opentelemetry/api';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import type { Config } from '../config';
import { Availability } from '../lib/availability';
import { makePrivate } from '../lib/private-files';
import {
  AUTH_CHANNEL,
  listenForAuthChanges,
  type AuthChangeHandlers,
  type AuthNotifications,
} from './auth-notifications';
import { AuthWrites } from './auth-writes';
import { lockDataDir } from './data-dir-lock';
import { migrationProvider } from './migrations';
import { PGLITE_EXTENSIONS, PGliteDialect } from './pglite-dialect';
import { createPostgresPool } from './postgres-pool';
import { tracedDialect } from './sql-spans';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  /**
   * Where the admins' lists and searches run (db/admin-reads.ts): on PostgreSQL a small pool of
   * its own with a shorter statement limit, so they never take the connections clients need; on
   * PGlite the same single connection.
   */
  adminDb: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database answered lately (PostgreSQL comes and goes; the API stays). */
  availability: Availability;
  /** Every write to users or sessions made through `db` (the auth cache drops what it held). */
  authWrites: AuthWrites;
  /** Changes to users and sessions by anyone, as the database announces them at commit (migration 0005). */
  listenAuthChanges(handlers: AuthChangeHandlers): AuthNotifications;
  /** Connections of the pool that serves everyone (not the admins' own), for /metrics. */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  size: number;
  inUse: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface ConnectOptions {
  /** A PGlite data dump to start from (tests: a migrated template, much faster than initdb). */
  pgliteTemplate?: Blob | File | undefined;
  /** Told how many entries of the PGlite data folder had to be made private (0: none). */
  onMadePrivate?: ((dir: string, changed: number) => void) | undefined;
  /** Receives the database's comings and goings (buildServer passes one that logs them). */
  availability?: Availability | undefined;
  /** Makes a span of each query run within a traced request (OTEL_EXPORTER_OTLP_ENDPOINT). */
  tracer?: Tracer | null | undefined;
}

function traced(dialect: Dialect, tracer: Tracer | null | undefined): Dialect {
  return tracer ? tracedDialect(dialect, tracer) : dialect;
}

export async function connectDatabase(config: Config, options: ConnectOptions = {}): Promise<DbHandle> {
  const availability = options.availability ?? new Availability('database', undefined);
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    const pool = createPostgresPool(
      config.databaseUrl,
      { schema, statementTimeoutMs: config.databaseStatementTimeoutMs },
      availability,
    );
    const adminPool = createPostgresPool(
      config.databaseUrl,
      { schema, statementTimeoutMs: config.adminReads.statementTimeoutMs, size: config.adminReads.connections },
      availability,
    );
    const authWrites = new AuthWrites();
    const db = new Kysely<Database>({
      dialect: traced(new PostgresDialect({ pool }), options.tracer),
      plugins: [authWrites],
    });
    const adminDb = new Kysely<Database>({ dialect: traced(new PostgresDialect({ pool: adminPool }), options.tracer) });
    const close = async () => {
      await Promise.all([db.destroy(), adminDb.destroy()]);
    };
    try {
      if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    } catch (err) {
      await close();
      throw err;
    }
    return {
      db,
      adminDb,
      kind: 'postgres',
      availability,
      authWrites,
      listenAuthChanges: (handlers) => listenForAuthChanges(config.databaseUrl!, handlers),
      poolUse: () => ({ size: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close,
    };
  }
  const inMemory = config.dataDir.startsWith('memory://');
  // The folder holds the signing secret and password hashes: only this user may read it.
  let madePrivate = inMemory ? 0 : makePrivate(config.dataDir);
  // One writer per data folder: refuse before PGlite touches it (PostgreSQL takes no such lock).
  const lock = inMemory ? undefined : lockDataDir(config.dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
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
  const authWrites = new AuthWrites();
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect: traced(dialect, options.tracer), plugins: [authWrites] });
  return {
    db,
    adminDb: db,
    kind: 'pglite',
    availability,
    authWrites,
    // In process: PGlite hands notifications to its listeners after the commit, nothing to lose.
    listenAuthChanges(handlers) {
      const unlisten = pglite.listen(AUTH_CHANNEL, (userId) => handlers.onChange(userId));
      handlers.onListening(true);
      return { stop: async () => (await unlisten)() };
    },
    poolUse: () => {
      const holders = dialect.holders();
      return { size: 1, inUse: Math.min(holders, 1), waiting: Math.max(holders - 1, 0) };
    },
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

/**
 * Applies every pending migration; throws with the failing migration's error. Migrations run on one
 * connection with the statement and idle limits lifted: a migration may rewrite a large table, and
 * an instance starting beside one that migrates waits for its lock as long as that takes.
 */
export async function migrateToLatest(db: Db, config: Pick<Config, 'databaseSchema'>): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`set idle_in_transaction_session_timeout = 0`.execute(connection);
    const migrator = new Migrator({
      db: connection,
      provider: migrationProvider,
      ...(config.databaseSchema ? { migrationTableSchema: config.databaseSchema } : {}),
    });
    let outcome;
    try {
      outcome = await migrator.migrateToLatest();
    } finally {
      // The connection goes back to the pool: with the limits every other session has.
      await sql`reset statement_timeout`.execute(connection);
      await sql`reset idle_in_transaction_session_timeout`.execute(connection);
    }
    const { error, results } = outcome;
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}

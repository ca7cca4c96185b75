// Why our own dialect (source read 2026-11-29): `kysely-pglite-dialect` 1.3.1 serializes PGlite's one
// connection as the Mutex below does (a FIFO queue of acquireConnection), so it would do the same
// job; it is not used because it declares PGlite ^0.2 || ^0.3 || ^0.4 and is tested on 0.4, while the
// API runs 0.5, and because the better replacement is Kysely's own PGliteDialect (Kysely 0.29: a connection
// mutex from `supportsMultipleConnections: false`, PGlite's transaction(), savepoints, a destroy that
// skips a closed PGlite as ours does). Switch to that one with the API's Kysely 0.28 -> 0.29 upgrade.
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * The extensions every PGlite of the API loads (the migrations create them): pg_trgm serves the
 * admin's user search (migration 0013). An instance without it could not write a users row.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** A one-at-a-time lock: PGlite has a single connection, so a transaction must own it. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** The one holding the lock and those waiting for it (for /metrics). */
  holders = 0;
  lock(): Promise<() => void> {
    this.holders += 1;
    let resolveNext!: () => void;
    const next = new Promise<void>((resolve) => (resolveNext = resolve));
    const release = () => {
      this.holders -= 1;
      resolveNext();
    };
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const command = (result as { command?: string }).command;
    const affected = result.affectedRows ?? 0;
    const isWrite = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return isWrite ? { rows: result.rows, numAffectedRows: BigInt(affected) } : { rows: result.rows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  constructor(
    private readonly pg: PGlite,
    private readonly mutex: Mutex,
  ) {
    this.connection = new PGliteConnection(pg);
  }
  async init(): Promise<void> {
    await this.pg.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    this.connection.release = release;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const c = conn as PGliteConnection;
    const release = c.release;
    c.release = undefined;
    release?.();
  }
  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

/** Kysely dialect over an embedded PGlite: same PostgreSQL SQL, compiler and introspection as pg. */
export class PGliteDialect implements Dialect {
  private readonly mutex = new Mutex();
  constructor(private readonly pg: PGlite) {}
  /** Queries or transactions on the one connection, running or waiting for it. */
  holders(): number {
    return this.mutex.holders;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.pg, this.mutex);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

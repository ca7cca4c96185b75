import pg from 'pg';
import type { Availability } from '../lib/availability';

/** A connection attempt that takes longer than this fails (503) instead of leaving the request hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Connections of the pool that serves every request but the admins' lists (db/admin-reads.ts). */
const POOL_SIZE = 10;

/**
 * How the API's sessions name themselves to the server (per schema): a restore refuses while any
 * of them is connected, as it would restore under a running site.
 */
export function apiSessionName(schema: string | undefined): string {
  return schema ? `kloof-api:${schema}` : 'kloof-api';
}

/**
 * Settings of every session, enforced by the server: a statement stuck behind another session's
 * lock (a migration, an operator's open transaction) or a slow plan is cancelled, and a session left
 * idle inside a transaction (its API process frozen or cut off mid-request) is ended, so its locks
 * do not hold up every other instance.
 */
function sessionOptions({ schema, statementTimeoutMs }: { schema: string | undefined; statementTimeoutMs: number }) {
  const options = [
    `-c statement_timeout=${statementTimeoutMs}`,
    `-c idle_in_transaction_session_timeout=${statementTimeoutMs}`,
  ];
  if (schema) options.push(`-c search_path=${schema}`);
  return options.join(' ');
}

/**
 * The PostgreSQL pool of one API instance, made to outlive its database. node-postgres emits
 * 'error' when a connection dies (server stopped, backend terminated, network cut): on the pool for
 * an idle connection, on the connection itself when it is checked out between two queries. An
 * 'error' event nobody listens to kills the process, so both have a listener here; the pool then
 * drops the dead connection and opens a new one for the next query, which is how the API recovers
 * by itself once the server is back.
 */
export function createPostgresPool(
  connectionString: string,
  settings: { schema: string | undefined; statementTimeoutMs: number; size?: number },
  availability: Availability,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: settings.size ?? POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive notices a peer that vanished without closing (a machine or network gone).
    keepAlive: true,
    application_name: apiSessionName(settings.schema),
    options: sessionOptions(settings),
  });
  pool.on('error', (err) => availability.markUnavailable(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => availability.markUnavailable(err));
    availability.markAvailable();
  });
  return pool;
}

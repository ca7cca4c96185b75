import pg from 'pg';
import type { Availability } from '../lib/availability';

/** A connection attempt that takes longer than this fails (503) instead of leaving the request hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
const POOL_SIZE = 10;

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
  schema: string | undefined,
  availability: Availability,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive notices a peer that vanished without closing (a machine or network gone).
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (err) => availability.markUnavailable(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => availability.markUnavailable(err));
    availability.markAvailable();
  });
  return pool;
}

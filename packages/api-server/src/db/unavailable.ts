/**
 * Which errors mean "the database is not there right now" (a 503 and a retry later), as opposed to
 * "this query is wrong" (a bug: a 500) or "this input is wrong" (a 4xx). Pure: no state, no I/O.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or refusing new work: class 08 (connection exception),
 * 57P01-57P03 (terminated by an administrator, crash shutdown, starting up or shutting down),
 * 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** node-postgres reports a cut connection or a pool wait that timed out with plain messages and no code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  // PGlite: the embedded database was closed, or its WebAssembly runtime aborted (disk full, I/O error).
  /^PGlite is closed/,
  /^Aborted\(/,
];

/** True when `err` (or an error in its `cause` chain) says the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const { code } = err as { code?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
  }
  if (err.name === 'RuntimeError' && /unreachable|abort/i.test(err.message)) return true; // a WebAssembly trap
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(err.message))) return true;
  if (err instanceof AggregateError) return err.errors.some((e) => isDatabaseUnavailable(e, depth + 1));
  return isDatabaseUnavailable(err.cause, depth + 1);
}

/**
 * True when PostgreSQL ended the statement for running out of time: 57014 (statement_timeout, or
 * cancelled by an operator), 55P03 (lock_timeout). The database is there, this request was too slow.
 */
export function isDatabaseBusy(err: unknown): boolean {
  const { code } = (err ?? {}) as { code?: unknown };
  return err instanceof Error && (code === '57014' || code === '55P03');
}

/** A short reason for the log (a code or the first line of the message), never data from a row. */
export function unavailableReason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const { code } = err as { code?: unknown };
  const firstLine = err.message.split('\n')[0]?.slice(0, 200) ?? '';
  return typeof code === 'string' ? `${code}: ${firstLine}` : firstLine;
}

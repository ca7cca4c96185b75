/**
 * What the API's log may never contain: passwords and their hashes, tokens, one-time codes, and
 * the parameter values of SQL statements (they carry all of those). Request logs hold method, url,
 * ids and timings only; errors are rebuilt from an allow-list of fields, so whatever a driver hangs
 * on its error objects (PGlite: `params`, pg: `detail` with the row's values) stays out.
 */

export const CENSOR = '[redacted]';

/** pino redact paths: headers that carry credentials, and credential-named fields of logged objects. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...['password', 'passwordHash', 'password_hash', 'token', 'accessToken', 'refreshToken', 'otp', 'secret'].flatMap(
    (key) => [key, `*.${key}`],
  ),
];

/** Fields of an error that say what went wrong without quoting data (SQLSTATE, constraint, table...). */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'schema'];

function isDatabaseError(err: Record<string, unknown>): boolean {
  return typeof err.severity === 'string' && typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code);
}

/** The `err` serializer: type, message, stack and the safe fields, recursively through `cause`. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 3) return err instanceof Error ? { type: err.name } : err;
  const fields = err as unknown as Record<string, unknown>;
  // PostgreSQL quotes offending input in its messages (`invalid input syntax for type uuid: "..."`).
  const message = isDatabaseError(fields) ? err.message.replace(/"[^"]*"/g, `"${CENSOR}"`) : err.message;
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: err.stack?.replace(err.message, message),
  };
  for (const key of SAFE_ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** The API's pino options. */
export function loggerOptions(level: string): Record<string, unknown> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: { err: serializeError, error: serializeError },
  };
}

import { STATUS_CODES } from 'node:http';

/** An error that becomes the API's `{ statusCode, message, error, feedback? }` body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly feedback?: unknown,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized', feedback?: unknown) => new HttpError(401, message, feedback);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** How long a client should wait before trying again while the database is away (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to a request that needs the database while it is away: a 503 the client may retry. */
export const databaseUnavailable = () =>
  new HttpError(
    503,
    'The database is unavailable. Please try again in a moment.',
    { reason: 'database-unavailable', retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** The answer while the rate-limit store (Redis) is away: refused, never let through uncounted. */
export const rateLimitStoreUnavailable = () =>
  new HttpError(
    503,
    'A service the API depends on is unavailable. Please try again in a moment.',
    { reason: 'rate-limit-store-unavailable', retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** The error texts callers tell apart are part of the API's contract. */
export { API_ERRORS } from '@kloof/api-contract/constants';

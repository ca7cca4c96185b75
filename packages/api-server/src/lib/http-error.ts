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

/** A 503 the client may retry after DATABASE_RETRY_AFTER_SECONDS, saying why in `feedback.reason`. */
const retryLater = (message: string, reason: string) =>
  new HttpError(
    503,
    message,
    { reason, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** The answer to a request that needs the database while it is away. */
export const databaseUnavailable = () =>
  retryLater('The database is unavailable. Please try again in a moment.', 'database-unavailable');

/** The answer to a request whose statement PostgreSQL ended at DATABASE_STATEMENT_TIMEOUT_MS. */
export const databaseBusy = () => retryLater('The database is busy. Please try again in a moment.', 'database-busy');

/** The answer to a password check refused by the hashing queue (lib/passwords.ts): a flood of them. */
export const passwordChecksBusy = () =>
  retryLater('The server is busy checking passwords. Please try again in a moment.', 'password-checks-busy');

/** The answer while the rate-limit store (Redis) is away: refused, never let through uncounted. */
export const rateLimitStoreUnavailable = () =>
  retryLater(
    'A service the API depends on is unavailable. Please try again in a moment.',
    'rate-limit-store-unavailable',
  );

/** The error texts callers tell apart are part of the API's contract. */
export { API_ERRORS } from '@kloof/api-contract/constants';

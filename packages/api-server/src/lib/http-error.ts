import { STATUS_CODES } from 'node:http';
import { ERROR_TEXTS, type ApiErrorCode } from '@kloof/api-contract/constants';

type VariableTextCode = Exclude<ApiErrorCode, keyof typeof ERROR_TEXTS>;

/** An error that becomes the API's `{ statusCode, code, message, error, feedback? }` body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ApiErrorCode,
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

/** An error with a fixed text: the code says which, the contract's table gives its words. */
export const apiError = (
  statusCode: number,
  code: keyof typeof ERROR_TEXTS,
  feedback?: unknown,
  headers?: Record<string, string>,
) => new HttpError(statusCode, code, ERROR_TEXTS[code], feedback, headers);

/** Errors whose message names what in particular (a field, a resource); `validation_failed` for a field's rule. */
export const badRequest = (message: string, code: VariableTextCode = 'bad_request') =>
  new HttpError(400, code, message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** How long a client should wait before trying again while the database is away (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A 503 the client may retry after DATABASE_RETRY_AFTER_SECONDS, saying why in `feedback.reason`. */
const retryLater = (code: keyof typeof ERROR_TEXTS, reason: string) =>
  apiError(
    503,
    code,
    { reason, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** The answer to a request that needs the database while it is away. */
export const databaseUnavailable = () => retryLater('database_unavailable', 'database-unavailable');

/** The answer to a request whose statement PostgreSQL ended at DATABASE_STATEMENT_TIMEOUT_MS. */
export const databaseBusy = () => retryLater('database_busy', 'database-busy');

/** The answer to a password check refused by the hashing queue (lib/passwords.ts): a flood of them. */
export const passwordChecksBusy = () => retryLater('password_checks_busy', 'password-checks-busy');

/** The answer while the rate-limit store (Redis) is away: refused, never let through uncounted. */
export const rateLimitStoreUnavailable = () => retryLater('dependency_unavailable', 'rate-limit-store-unavailable');

/** The error texts callers tell apart are part of the API's contract. */
export { API_ERRORS, ERROR_TEXTS, type ApiErrorCode } from '@kloof/api-contract/constants';

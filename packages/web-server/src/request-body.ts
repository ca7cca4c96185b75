import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { TELEMETRY_BODY_LIMIT } from '@kloof/api-contract';
import { ERROR_TEXTS } from '@kloof/api-contract/constants';

/**
 * Request bodies on their way to the API: passed on as the bytes the client sent, with the
 * headers that describe them (Content-Type with its charset, Content-Encoding, Content-Length),
 * never parsed, decoded or re-encoded here, so the API judges exactly what the client sent.
 *
 * Size is the one thing judged at this edge, with the API's own limits: the API refuses a body
 * that is too large before reading it and closes the connection, and a proxy still sending it
 * then sees a reset instead of the 413 (a 502 to the client). Answering here keeps the answer
 * the API's and keeps bodies it would refuse off the API's network.
 */

/** The API's bodyLimit (api-server's buildServer): every route but those below. */
export const API_BODY_LIMIT = 256 * 1024;

/** The API's 413, word for word (api-server's errors plugin). */
export const API_BODY_TOO_LARGE = {
  statusCode: 413,
  code: 'body_too_large',
  message: ERROR_TEXTS.body_too_large,
  error: 'Payload Too Large',
} as const;

/** Routes with their own, smaller limit (method and path as the API's router reads them). */
const ROUTE_LIMITS: ReadonlyArray<{ method: string; path: string; limit: number }> = [
  { method: 'POST', path: '/v1/telemetry', limit: TELEMETRY_BODY_LIMIT },
];

/** The largest body the API takes for this request (the path already normalised). */
export function bodyLimitOf(method: string, pathname: string): number {
  const route = ROUTE_LIMITS.find((r) => r.method === method && r.path === pathname.replace(/\/+$/, ''));
  return route?.limit ?? API_BODY_LIMIT;
}

/** Whether the request carries a body at all (its framing says so: a length above 0, or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Whether the declared length alone is over the limit. */
export function declaresTooMuch(req: IncomingMessage, limit: number): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > limit;
}

/** Raised by BodyLimit when a body without a declared length (chunked) grows past the limit. */
export class BodyTooLargeError extends Error {
  readonly code = 'KLOOF_BODY_TOO_LARGE';
  constructor() {
    super('request body is larger than the API accepts');
  }
}

/** Passes the bytes on unchanged and stops the upload once more than `limit` have come. */
export class BodyLimit extends Transform {
  private seen = 0;
  exceeded = false;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.exceeded = true;
      callback(new BodyTooLargeError());
      return;
    }
    callback(null, chunk);
  }
}

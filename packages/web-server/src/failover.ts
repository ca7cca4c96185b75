/**
 * When a request that failed on one API upstream may be sent to another, and when the failure
 * counts against the upstream.
 *
 * - `not-connected`: the connection was never made (refused, connect timeout, unreachable): the
 *   API saw nothing, so nothing was done.
 * - `no-answer`: connected, then the connection died or went silent before the response headers:
 *   the API may have done the work.
 *
 * GET, HEAD and OPTIONS change nothing: they go to another upstream after either failure.
 * PUT and DELETE are idempotent by HTTP's rules, but after `no-answer` the first one may have been
 * applied and the repeat would answer something else (a DELETE done twice answers 404 for a row
 * that was deleted), and a streamed body cannot be sent twice; so they move on only when the API
 * never saw them and they carry no body. POST and PATCH are never sent twice: no double writes.
 *
 * One answer counts as a failure too: a 503 (an instance draining after SIGTERM answers latecomers
 * so, or one that lost its database). A GET, HEAD or OPTIONS then moves on to an instance believed
 * up that it has not tried, if there is one; otherwise the 503 is the answer. The 503 does not mark
 * the instance down (a client could provoke one): its health check does.
 */
export type UpstreamFailure = 'not-connected' | 'no-answer';

const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const NO_ANSWER = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/** How reaching the upstream failed, or null when the failure was not the upstream's (e.g. the request body). */
export function upstreamFailureOf(error: unknown): UpstreamFailure | null {
  // A wrapped error carries the network error as its cause (undici gives its own directly).
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  if (NOT_CONNECTED.has(code)) return 'not-connected';
  if (NO_ANSWER.has(code)) return 'no-answer';
  return null;
}

/** Whether a request whose upstream answered 503 may be sent to another one (see above). */
export function mayTryAnotherAfter503(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/** Whether a request may be sent to another upstream after this failure. */
export function mayTryAnother(method: string, failure: UpstreamFailure, withBody: boolean): boolean {
  switch (method) {
    case 'GET':
    case 'HEAD':
    case 'OPTIONS':
      return true;
    case 'PUT':
    case 'DELETE':
      return failure === 'not-connected' && !withBody;
    default:
      return false;
  }
}

import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { CENSOR } from './log-redaction';

/** Query parameters whose values say nothing about a person (ids, cursors, sizes, fixed choices). */
const PLAIN_QUERY_KEYS = new Set(['after', 'limit', 'role', 'status', 'workspaceId', 'projectId', 'include']);

/**
 * The request's path and query with the value of every other parameter censored: a search may be an
 * e-mail address or a name, and the log is kept for days (POPIA: no personal data without need).
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0] ?? '';
      return PLAIN_QUERY_KEYS.has(key) || !pair.includes('=') ? pair : `${key}=${CENSOR}`;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

/**
 * One log line per request, written when the answer has gone: method, path (query values censored
 * but for plain ones), client address (the
 * socket's, or X-Forwarded-For from a trusted proxy), status and milliseconds, with the request id
 * pino adds. Fastify's default wrote two lines per request ("incoming request", then "request
 * completed"), which doubled the log (issue 25: 63 MB in 35 minutes of testing) for nothing the
 * second line could not say.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      ip: request.ip,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // An answer that could not be sent whole (socket error) stays an error line, as Fastify logs it.
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

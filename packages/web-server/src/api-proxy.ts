import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import httpProxy from '@fastify/http-proxy';

/** What the browser gets when the API cannot be reached: the API's error shape, no internal detail. */
export const API_UNREACHABLE = {
  statusCode: 502,
  message: 'The service is not reachable right now. Please try again in a moment.',
  error: 'Bad Gateway',
} as const;

/**
 * Paths under /v1 the public web server never forwards, whatever the API behind it does: the
 * developer mail outbox (`/v1/dev/...`). Judged on the path as the API's router would read it
 * (percent-decoded, duplicate slashes and dot segments resolved, any case), so no spelling slips by.
 */
export function isPrivateApiPath(rawUrl: string): boolean {
  let pathname = rawUrl.split(/[?#]/, 1)[0] ?? '';
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(pathname);
      if (decoded === pathname) break;
      pathname = decoded;
    } catch {
      return true; // malformed escapes: nothing legitimate looks like that
    }
  }
  const segments: string[] = [];
  for (const segment of pathname.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return segments[0] === 'v1' && segments[1]?.split(';')[0] === 'dev';
}

const notFound = (reply: FastifyReply, url: string) =>
  reply
    .code(404)
    .header('Cache-Control', 'no-cache')
    .send({ statusCode: 404, message: `Route ${url.split('?')[0]} not found`, error: 'Not Found' });

/** How the headers sent upstream are made from the request's (e.g. the client's forwarded address). */
export type UpstreamHeaders = (
  headers: IncomingHttpHeaders,
  client: { ip: string; protocol: string },
) => IncomingHttpHeaders;

/** /v1 proxied to the API: private paths answer 404 here, an unreachable API a generic 502. */
export async function registerApiProxy(
  app: FastifyInstance,
  upstream: string,
  upstreamHeaders: UpstreamHeaders = (headers) => headers,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (isPrivateApiPath(request.raw.url ?? '')) return notFound(reply, request.raw.url ?? '');
    });
    await scope.register(httpProxy, {
      upstream,
      prefix: '/v1',
      rewritePrefix: '/v1',
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => upstreamHeaders(headers, request),
        // Every upstream failure (refused, reset, timeout) reads the same to a visitor; the
        // cause goes to this server's log, not into the response.
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'API upstream unreachable');
          void reply.code(502).header('Cache-Control', 'no-store').header('Retry-After', '5').send(API_UNREACHABLE);
        },
      },
    });
  });
}

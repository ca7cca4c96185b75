import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, type Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import { apiAnswerCompression, apiCompressor, varyWithAcceptEncoding } from './api-compression';
import { API_ERRORS } from '@kloof/api-contract/constants';
import { errorBody } from './error-answers';
import { mayTryAnother, mayTryAnotherAfter503, upstreamFailureOf } from './failover';
import { API_BODY_TOO_LARGE, BodyLimit, bodyLimitOf, declaresTooMuch, hasBody } from './request-body';
import { isOriginForm } from './request-target';
import { routedSegments } from './routed-path';
import type { HandedOver } from './api-fast-path';
import type { Upstreams } from './upstreams';

/** What the browser gets when the API cannot be reached: the API's error shape, no internal detail. */
export const API_UNREACHABLE = {
  statusCode: 502,
  code: 'api_unreachable',
  message: API_ERRORS.api_unreachable,
  error: 'Bad Gateway',
} as const;

/** How long an API upstream may take to accept a connection, and to send its response headers. */
export const CONNECT_TIMEOUT_MS = 3_000;
export const HEADERS_TIMEOUT_MS = 30_000;

/**
 * Paths under /v1 the public web server never forwards, whatever the API behind it does: the
 * developer mail outbox (`/v1/dev/...`). Judged on the path as the API's router would read it
 * (percent-decoded, duplicate slashes and dot segments resolved, any case), so no spelling slips by.
 */
export function isPrivateApiPath(rawUrl: string): boolean {
  // Not a path (`http://api:4000/v1/dev/…`, `*`): the proxy would resolve it as a whole URL.
  const segments = routedSegments(rawUrl);
  return segments === null || (segments[0] === 'v1' && segments[1] === 'dev');
}

/**
 * The path the API is asked for, resolved as the proxy's URL parser resolves it (`\` is `/`, dot
 * segments and `%2e%2e` removed), or null when that leaves /v1: nothing outside it is forwarded.
 */
export function upstreamPath(rawUrl: string): string | null {
  if (!isOriginForm(rawUrl)) return null;
  const pathname = new URL(rawUrl.split(/[?#]/, 1)[0] ?? '/', 'http://api.invalid').pathname;
  return pathname === '/v1' || pathname.startsWith('/v1/') ? pathname : null;
}

/** How the headers sent upstream are made from the request's (e.g. the client's forwarded address). */
export type UpstreamHeaders = (
  headers: IncomingHttpHeaders,
  client: { ip: string; protocol: string },
) => IncomingHttpHeaders;

/** One request's way through the upstreams: which it tried, which it is on, the body it streams. */
interface Passage {
  tried: Set<string>;
  current: string;
  body: BodyLimit | null;
}

const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;

/**
 * The headers the API gets: the client's, with this server's forwarding headers, and without
 * what this hop consumed: `Expect` (this server already answered 100-continue) and, for GET and
 * HEAD whose body is not forwarded, the body's framing (a length with no body behind it would
 * desynchronise the connection to the API).
 */
function headersForUpstream(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
  upstreamHeaders: UpstreamHeaders,
  forwardsBody: boolean,
): IncomingHttpHeaders {
  const { expect: _expect, ...rest } = upstreamHeaders(headers, request);
  if (!forwardsBody) {
    delete rest['content-length'];
    delete rest['transfer-encoding'];
  }
  return rest;
}

/**
 * /v1 proxied to the API upstreams: private paths answer 404 here, bodies go through as they
 * came (see request-body.ts), failed idempotent requests move to another upstream (failover.ts),
 * and when no upstream answers, a generic 502.
 */
export async function registerApiProxy(
  app: FastifyInstance,
  upstreams: Upstreams,
  upstreamHeaders: UpstreamHeaders = (headers) => headers,
  /** A request the fast path (api-fast-path.ts) began: the upstream it tried, and how that ended. */
  handedOver: (req: IncomingMessage) => HandedOver | undefined = () => undefined,
): Promise<void> {
  await app.register(async (scope) => {
    // Bodies are streamed to the API untouched: nothing here parses them (no charset dropped, no
    // JSON re-encoded, no gzip inflated while its Content-Encoding and Content-Length go on).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await scope.register(replyFrom, {
      disableRequestLogging: true,
      undici: { connectTimeout: CONNECT_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS },
    });

    const unreachable = (reply: FastifyReply) =>
      reply.code(502).header('Cache-Control', 'no-store').header('Retry-After', '5').send(API_UNREACHABLE);
    const tooLarge = (reply: FastifyReply) =>
      reply.code(413).header('Cache-Control', 'no-store').header('Connection', 'close').send(API_BODY_TOO_LARGE);
    const notFound = (reply: FastifyReply) => reply.code(404).header('Cache-Control', 'no-cache').send(errorBody(404));

    function attempt(request: FastifyRequest, reply: FastifyReply, passage: Passage): FastifyReply {
      const origin = upstreams.pick(passage.tried);
      if (!origin) return unreachable(reply);
      passage.tried.add(origin);
      passage.current = origin;
      return reply.from(undefined, {
        getUpstream: () => origin,
        // One try per upstream; moving on to another is decided below, not by retrying this one.
        retryDelay: () => null,
        rewriteRequestHeaders: (_req, headers) =>
          headersForUpstream(request, headers as IncomingHttpHeaders, upstreamHeaders, passage.body !== null),
        onResponse: (_req, res, upstreamResponse) => {
          if (upstreamResponse.statusCode < 500) upstreams.markUp(origin);
          if (
            upstreamResponse.statusCode === 503 &&
            mayTryAnotherAfter503(request.method) &&
            upstreams.hasUpUntried(passage.tried)
          ) {
            // Not this answer: drop what was copied from it (status and headers are set again by
            // the next instance's answer) and ask the next one.
            // (reply-from's types call it a ServerResponse; it is undici's answer: status, headers, stream.)
            const { headers } = upstreamResponse as unknown as { headers: Record<string, unknown> };
            for (const name of Object.keys(headers)) res.removeHeader(name);
            upstreamResponse.stream.resume();
            attempt(request, res as FastifyReply, passage);
            return;
          }
          void (res as FastifyReply).send(compressedIfDue(request, res as FastifyReply, upstreamResponse));
        },
        onError: (res, { error }) => failed(request, res as FastifyReply, passage, error),
      });
    }

    function failed(request: FastifyRequest, reply: FastifyReply, passage: Passage, error: Error): void {
      if (passage.body?.exceeded) {
        void tooLarge(reply);
        return;
      }
      if (request.raw.socket?.destroyed ?? true) return; // the client left: nobody to answer
      const failure = upstreamFailureOf(error);
      // A body-carrying request can lose its connection because the API answered early and
      // closed: only a failed connect counts against the upstream then (a client cannot mark
      // upstreams down by sending bodies).
      if (failure === 'not-connected' || (failure === 'no-answer' && passage.body === null)) {
        upstreams.markDown(passage.current, (upstreamFailureCause(error) ?? failure).toLowerCase());
      }
      if (failure && mayTryAnother(request.method, failure, passage.body !== null) && upstreams.pick(passage.tried)) {
        attempt(request, reply, passage);
        return;
      }
      // Every upstream failure reads the same to a visitor; the cause goes to this server's log.
      reply.log.warn({ err: error, upstream: passage.current }, 'API upstream unreachable');
      void unreachable(reply);
    }

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const begun = handedOver(request.raw);
      if (begun) {
        // A bodiless read the fast path tried on one upstream: carry on from there.
        const passage: Passage = { tried: begun.tried, current: begun.current, body: null };
        if (!begun.error) return attempt(request, reply, passage);
        failed(request, reply, passage, begun.error);
        return reply;
      }
      const rawUrl = request.raw.url ?? '/';
      const target = upstreamPath(rawUrl);
      if (target === null || isPrivateApiPath(rawUrl)) return notFound(reply);
      const forwardsBody = request.method !== 'GET' && request.method !== 'HEAD' && hasBody(request.raw);
      const limit = bodyLimitOf(request.method, target);
      if (forwardsBody && declaresTooMuch(request.raw, limit)) return tooLarge(reply);
      const passage: Passage = { tried: new Set(), current: '', body: null };
      if (forwardsBody) {
        // A body without a declared length (chunked) is counted on its way and stopped past the limit.
        // Not pipeline(): a body stopped for its size must not take the client's socket down
        // with it, or the 413 could not be sent.
        const body = new BodyLimit(limit);
        request.raw.on('error', (err) => body.destroy(err));
        // A client that leaves mid-upload: the API's request is abandoned too, not left waiting.
        request.raw.on('close', () => {
          if (!request.raw.complete) body.destroy(new Error('the client left before its body was complete'));
        });
        request.raw.pipe(body);
        passage.body = body;
      }
      request.body = passage.body ?? undefined;
      return attempt(request, reply, passage);
    };

    for (const url of ['/v1', '/v1/*']) {
      // The body goes on as sent (nothing here inflates it); the API answers compressed bodies itself (415).
      scope.route({ method: [...METHODS], url, handler });
    }
  });
}

/** The API's answer body as the client gets it: compressed here when api-compression.ts says so. */
function compressedIfDue(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { statusCode: number; stream: Readable },
): Readable {
  const compression = apiAnswerCompression({
    method: request.method,
    url: request.raw.url ?? '/',
    acceptEncoding: request.headers['accept-encoding'],
    status: answer.statusCode,
    header: (name) => headerText(reply.getHeader(name)),
  });
  if (compression.vary) reply.header('Vary', varyWithAcceptEncoding(headerText(reply.getHeader('vary'))));
  if (!compression.encoding) return answer.stream;
  const length = Number(reply.getHeader('content-length'));
  reply.removeHeader('content-length');
  reply.header('Content-Encoding', compression.encoding);
  // An error on either side ends both (Fastify then ends the client's answer).
  return pipeline(answer.stream, apiCompressor(compression.encoding, length), () => undefined);
}

const headerText = (value: string | number | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);

/** The network error code behind a proxy error, for the log line of a down mark. */
function upstreamFailureCause(error: Error): string | null {
  // reply-from wraps the network error as its cause; the fast path hands over undici's own.
  const cause = (error as { cause?: { code?: unknown } }).cause ?? (error as { code?: unknown });
  return typeof cause.code === 'string' ? cause.code : null;
}

import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Agent, type Dispatcher } from 'undici';
import { ERROR_TEXTS } from '@kloof/api-contract/constants';
import type { Tracing } from '@kloof/tracing';
import { apiAnswerCompression, apiCompressor, compressedHeaders, flatHeader } from './api-compression';
import { errorBody } from './error-answers';
import { traceGatewayRequest } from './gateway-trace';
import { mayTryAnother, mayTryAnotherAfter503, upstreamFailureOf } from './failover';
import { API_BODY_TOO_LARGE, BodyLimit, bodyLimitOf, declaresTooMuch, hasBody } from './request-body';
import { isOriginForm } from './request-target';
import { routedSegments } from './routed-path';
import type { Upstreams } from './upstreams';

/** What the browser gets when the API cannot be reached: the API's error shape, no internal detail. */
export const API_UNREACHABLE = {
  statusCode: 502,
  code: 'api_unreachable',
  message: ERROR_TEXTS.api_unreachable,
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
  // Not a path (`http://api:4000/v1/dev/…`, `*`): a URL parser would resolve it as a whole URL.
  const segments = routedSegments(rawUrl);
  return segments === null || (segments[0] === 'v1' && segments[1] === 'dev');
}

/**
 * The path the API's URL parser makes of the target (`\` is `/`, dot segments and `%2e%2e`
 * removed), or null when that leaves /v1: nothing outside it is forwarded.
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

export interface ApiGatewayOptions {
  upstreams: Upstreams;
  /** The API learns the client's address from here only (it trusts this server, nobody else). */
  upstreamHeaders: UpstreamHeaders;
  /** The headers every answer under /v1 starts with, by the client's protocol (the API's own override them). */
  securityHeaders: (protocol: string) => Readonly<Record<string, string>>;
  /** A span per forwarded request (OTEL_EXPORTER_OTLP_ENDPOINT); off, `traceparent` passes as it came. */
  tracing: Tracing;
}

/**
 * Headers of one connection (RFC 9110 7.6.1), and what this hop consumes (`Expect`: 100-continue
 * is answered here; `Host`: the upstream's own; the body's framing, set again for a forwarded body).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'host',
  'content-length',
]);

const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;

/** The header names a Connection header lists (they are this hop's too). */
function connectionListed(value: string | string[] | undefined): string[] {
  if (typeof value !== 'string') return [];
  return value
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * The client's answer headers as one flat list for writeHead (no per-header setHeader): the
 * upstream's, but for this hop's own, then the security headers it did not send.
 */
function answerHeaders(raw: Buffer[], security: Readonly<Record<string, string>>): string[] {
  const names: string[] = [];
  let connection: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString('latin1').toLowerCase();
    names.push(name);
    if (name === 'connection') connection = raw[i + 1]!.toString('latin1');
  }
  const listed = connectionListed(connection);
  const out: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (name === 'content-length' || (!HOP_BY_HOP.has(name) && !listed.includes(name))) {
      out.push(name, raw[i * 2 + 1]!.toString('latin1'));
    }
  }
  for (const name in security) if (!names.includes(name)) out.push(name, security[name]!);
  return out;
}

/** One request's way through the upstreams: which it tried, which it is on, the body it streams. */
interface Passage {
  request: FastifyRequest;
  res: ServerResponse;
  headers: Record<string, string | string[]>;
  protocol: string;
  tried: Set<string>;
  current: string;
  body: BodyLimit | null;
  /** Stops the attempt in progress (its upstream request), once it has a connection. */
  abort: ((reason: Error) => void) | null;
  /** The answer's way to the client when it is compressed here (api-compression.ts). */
  compressor: Transform | null;
  /** For this server's log lines about the request: the trace the browser's call belongs to. */
  traceId: string;
}

/**
 * /v1, every method, forwarded to the API upstreams on one undici Agent (kept-alive connections,
 * no per-request client), the answer streamed back as it comes. Private and unresolvable paths
 * answer 404 here; bodies go through as they came, within the API's limits (request-body.ts);
 * a request whose upstream fails, or answers 503 while another is up, moves to another upstream
 * when failover.ts allows; when none answers, a generic 502. JSON answers may be compressed
 * (api-compression.ts). The route hands the reply over (hijack) once it has judged the request:
 * Fastify routes it and logs it (LOG_REQUESTS), the answer is written here.
 */
export const apiGateway: FastifyPluginAsync<ApiGatewayOptions> = async (scope, options) => {
  const { upstreams, upstreamHeaders, securityHeaders, tracing } = options;
  const agent = new Agent({
    connections: 128,
    pipelining: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    headersTimeout: HEADERS_TIMEOUT_MS,
  });
  scope.addHook('onClose', async () => agent.close());
  // Bodies are streamed to the API untouched: nothing here parses them (no charset dropped, no
  // JSON re-encoded, no gzip inflated while its Content-Encoding and Content-Length go on).
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  /** An answer of this server's own under /v1 (404, 413, 502): JSON, the /v1 security headers. */
  function answer(passage: Passage, status: number, body: object, extra: Record<string, string>): void {
    const { res } = passage;
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...securityHeaders(passage.protocol),
      ...extra,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
    });
    res.end(passage.request.method === 'HEAD' ? undefined : text);
  }
  const unreachable = (passage: Passage) =>
    answer(passage, 502, API_UNREACHABLE, { 'cache-control': 'no-store', 'retry-after': '5' });
  // The rest of a body over the limit is not read: the connection closes after the answer.
  const tooLarge = (passage: Passage) =>
    answer(passage, 413, API_BODY_TOO_LARGE, { 'cache-control': 'no-store', connection: 'close' });

  function attempt(passage: Passage): void {
    const origin = upstreams.pick(passage.tried);
    if (!origin) return unreachable(passage);
    passage.tried.add(origin);
    passage.current = origin;
    const { request, res } = passage;
    const method = request.method;
    let answering = false;
    let movedOn = false;
    const dispatch: Dispatcher.DispatchOptions = {
      origin,
      path: request.raw.url ?? '/',
      method,
      headers: passage.headers,
      body: passage.body ?? undefined,
    };
    agent.dispatch(dispatch, {
      onConnect(abort: (reason: Error) => void) {
        passage.abort = abort;
        if (res.destroyed) abort(new Error('the client left'));
      },
      onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void) {
        if (statusCode < 500) upstreams.markUp(origin);
        if (
          statusCode === 503 &&
          passage.body === null &&
          mayTryAnotherAfter503(method) &&
          upstreams.hasUpUntried(passage.tried)
        ) {
          // Not this answer: its body is read and dropped below, and the next instance asked.
          movedOn = true;
          attempt(passage);
          return true;
        }
        answering = true;
        const headers = answerHeaders(rawHeaders, securityHeaders(passage.protocol));
        const compression = apiAnswerCompression({
          method,
          url: request.raw.url ?? '/',
          acceptEncoding: request.headers['accept-encoding'],
          status: statusCode,
          header: (name) => flatHeader(headers, name),
        });
        if (compression.encoding) {
          const compressor = apiCompressor(compression.encoding, Number(flatHeader(headers, 'content-length')));
          compressor.on('drain', resume);
          compressor.pipe(res);
          passage.compressor = compressor;
        } else {
          res.on('drain', resume);
        }
        res.writeHead(statusCode, compression.vary ? compressedHeaders(headers, compression.encoding) : headers);
        return true;
      },
      onData(chunk: Buffer) {
        return movedOn || (passage.compressor ?? res).write(chunk);
      },
      onComplete() {
        if (!movedOn) (passage.compressor ?? res).end();
      },
      onError(error: Error) {
        if (movedOn) return;
        passage.compressor?.destroy();
        if (answering) res.destroy(error);
        else failed(passage, error);
      },
    } as unknown as Dispatcher.DispatchHandler);
  }

  function failed(passage: Passage, error: Error): void {
    if (passage.body?.exceeded) return tooLarge(passage);
    if (passage.res.destroyed) return; // the client left: nobody to answer
    const failure = upstreamFailureOf(error);
    // A body-carrying request can lose its connection because the API answered early and
    // closed: only a failed connect counts against the upstream then (a client cannot mark
    // upstreams down by sending bodies).
    if (failure === 'not-connected' || (failure === 'no-answer' && passage.body === null)) {
      upstreams.markDown(passage.current, (failureCode(error) ?? failure).toLowerCase());
    }
    // A body went (in part) with the first try and cannot be sent again.
    const again = failure && passage.body === null && mayTryAnother(passage.request.method, failure, false);
    if (again && upstreams.pick(passage.tried)) return attempt(passage);
    // Every upstream failure reads the same to a visitor; the cause goes to this server's log.
    passage.request.log.warn(
      { err: error, upstream: passage.current, trace_id: passage.traceId },
      'API upstream unreachable',
    );
    unreachable(passage);
  }

  const handler = (request: FastifyRequest, reply: FastifyReply): void => {
    const raw = request.raw;
    const rawUrl = raw.url ?? '/';
    const protocol = request.protocol;
    const target = upstreamPath(rawUrl);
    reply.hijack();
    const forwardsBody = request.method !== 'GET' && request.method !== 'HEAD' && hasBody(raw);
    const passage: Passage = {
      request,
      res: reply.raw,
      headers: forwardedRequestHeaders(raw, upstreamHeaders, { ip: request.ip, protocol }, forwardsBody),
      protocol,
      tried: new Set(),
      current: '',
      body: null,
      abort: null,
      compressor: null,
      traceId: '',
    };
    passage.traceId = traceGatewayRequest(tracing, raw, reply.raw, target, passage.headers);
    if (target === null || isPrivateApiPath(rawUrl)) {
      return answer(passage, 404, errorBody(404), { 'cache-control': 'no-cache' });
    }
    const limit = bodyLimitOf(request.method, target);
    if (forwardsBody && declaresTooMuch(raw, limit)) return tooLarge(passage);
    reply.raw.once('close', () => {
      // The client left before its answer was complete: the upstream request is abandoned too.
      if (!reply.raw.writableFinished) passage.abort?.(new Error('the client left'));
      passage.compressor?.destroy();
    });
    if (forwardsBody) {
      // A body without a declared length (chunked) is counted on its way and stopped past the limit.
      // Not pipeline(): a body stopped for its size must not take the client's socket down
      // with it, or the 413 could not be sent.
      const body = new BodyLimit(limit);
      raw.on('error', (err) => body.destroy(err));
      // A client that leaves mid-upload: the API's request is abandoned too, not left waiting.
      raw.on('close', () => {
        if (!raw.complete) body.destroy(new Error('the client left before its body was complete'));
      });
      raw.pipe(body);
      passage.body = body;
    }
    attempt(passage);
  };

  for (const url of ['/v1', '/v1/*']) scope.route({ method: [...METHODS], url, handler });
};

/**
 * The headers the API gets: the client's, with this server's forwarding headers, without this
 * hop's own (see HOP_BY_HOP, and the names Connection lists); a forwarded body keeps its declared
 * length (undici frames one without a length as chunked). A GET or HEAD body is not forwarded,
 * and no length is left behind to desynchronise the connection to the API.
 */
function forwardedRequestHeaders(
  req: IncomingMessage,
  upstreamHeaders: UpstreamHeaders,
  client: { ip: string; protocol: string },
  forwardsBody: boolean,
): Record<string, string | string[]> {
  const listed = connectionListed(req.headers.connection);
  const headers: IncomingHttpHeaders = {};
  for (const name in req.headers) {
    if (!HOP_BY_HOP.has(name) && !listed.includes(name)) headers[name] = req.headers[name];
  }
  if (forwardsBody && req.headers['content-length'] !== undefined && req.headers['transfer-encoding'] === undefined) {
    headers['content-length'] = req.headers['content-length'];
  }
  return upstreamHeaders(headers, client) as Record<string, string | string[]>;
}

/** The network error code behind a failed attempt, for the log line of a down mark. */
function failureCode(error: Error): string | null {
  const cause = (error as { cause?: { code?: unknown } }).cause ?? (error as { code?: unknown });
  return typeof cause.code === 'string' ? cause.code : null;
}

import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import { Agent, type Dispatcher } from 'undici';
import { apiAnswerCompression, apiCompressor, compressedHeaders, flatHeader } from './api-compression';
import { CONNECT_TIMEOUT_MS, HEADERS_TIMEOUT_MS, isPrivateApiPath, upstreamPath } from './api-proxy';
import { mayTryAnotherAfter503 } from './failover';
import { hasBody } from './request-body';
import type { UpstreamHeaders } from './api-proxy';
import type { Upstreams } from './upstreams';

/**
 * What the fast path hands to the Fastify route (api-proxy.ts) when it cannot finish a request
 * itself: the upstream it tried, and the error that stopped it (none: a 503 to move past).
 */
export interface HandedOver {
  tried: Set<string>;
  current: string;
  error: Error | null;
}

export interface FastPathOptions {
  upstreams: Upstreams;
  upstreamHeaders: UpstreamHeaders;
  /** Fastify's trustProxy function: who may say the client's address and protocol. */
  trust: (address: string, hop: number) => boolean;
  /** The headers every answer under /v1 starts with (the API's own override them). */
  securityHeaders: (protocol: string) => Readonly<Record<string, string>>;
  /** Remembers a request the fast path began and leaves to the Fastify route. */
  handOver: (req: IncomingMessage, res: ServerResponse, state: HandedOver) => void;
}

/** Headers that belong to one connection (RFC 9110 7.6.1): never passed on by a proxy. */
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

/** The header names a Connection header lists (they are this hop's too). */
function connectionListed(value: string | string[] | undefined): string[] {
  if (typeof value !== 'string') return [];
  return value
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Which protocol the client used, as Fastify's request.protocol says it (a trusted proxy's word). */
function protocolOf(req: IncomingMessage, trust: FastPathOptions['trust']): string {
  const forwarded = req.headers['x-forwarded-proto'];
  if (typeof forwarded === 'string' && forwarded && trust(req.socket.remoteAddress ?? '', 0)) {
    const last = forwarded.lastIndexOf(',');
    return (last === -1 ? forwarded : forwarded.slice(last + 1)).trim();
  }
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
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

/**
 * The common case of /v1 without Fastify's routing, hooks and reply-from in the way: a GET or
 * HEAD without a body, on a plain path under /v1 that is not private, goes straight to an API
 * upstream (undici, kept-alive connections) and its answer straight back, over the same security
 * headers the Fastify route starts with. Everything else, and a request whose upstream failed
 * before answering or answered 503 while another is up, goes to the Fastify route (api-proxy.ts),
 * which holds every rule: private paths, bodies and their limits, failover, the 502.
 * Returns false when the request is not for the fast path (nothing was done with it).
 */
export function apiFastPath(options: FastPathOptions): {
  handle: (req: IncomingMessage, res: ServerResponse) => boolean;
  close: () => Promise<void>;
} {
  const { upstreams, upstreamHeaders, trust, securityHeaders, handOver } = options;
  const agent = new Agent({
    connections: 128,
    pipelining: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    headersTimeout: HEADERS_TIMEOUT_MS,
  });

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const rawUrl = req.url ?? '/';
    if (!rawUrl.startsWith('/v1') || (req.method !== 'GET' && req.method !== 'HEAD') || hasBody(req)) return false;
    const query = rawUrl.indexOf('?');
    const pathname = query === -1 ? rawUrl : rawUrl.slice(0, query);
    // Only paths that are already what the API will be asked for (no dot segments, backslashes,
    // fragments or escapes to resolve): the rest goes the Fastify way, which judges each.
    if (pathname.includes('%') || pathname.includes('#') || upstreamPath(pathname) !== pathname) return false;
    if (isPrivateApiPath(rawUrl)) return false;
    const origin = upstreams.pick();
    if (!origin) return false;

    const protocol = protocolOf(req, trust);
    const ip = proxyAddr(req, trust);
    const listed = connectionListed(req.headers.connection);
    const headers: IncomingHttpHeaders = {};
    for (const name in req.headers) {
      if (!HOP_BY_HOP.has(name) && !listed.includes(name)) headers[name] = req.headers[name];
    }
    const upstreamRequest: Dispatcher.DispatchOptions = {
      origin,
      path: rawUrl,
      method: req.method,
      headers: upstreamHeaders(headers, { ip, protocol }) as Record<string, string | string[]>,
    };

    let abort: ((reason?: Error) => void) | null = null;
    let answering = false;
    let passedOn = false;
    // The body's way to the client when it is compressed here (api-compression.ts).
    let compressor: Transform | null = null;
    const onClientGone = () => {
      if (!res.writableFinished) abort?.(new Error('the client left'));
      compressor?.destroy();
    };
    res.once('close', onClientGone);
    const passOn = (error: Error | null) => {
      passedOn = true;
      res.off('close', onClientGone);
      handOver(req, res, { tried: new Set([origin]), current: origin, error });
    };

    agent.dispatch(upstreamRequest, {
      onConnect(abortRequest: (reason?: Error) => void) {
        abort = abortRequest;
        if (res.destroyed) abortRequest(new Error('the client left'));
      },
      onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void) {
        if (statusCode < 500) upstreams.markUp(origin);
        if (
          statusCode === 503 &&
          mayTryAnotherAfter503(req.method ?? '') &&
          upstreams.hasUpUntried(new Set([origin]))
        ) {
          passOn(null); // this 503 is read and dropped below; the next instance answers
          return true;
        }
        answering = true;
        const headers = answerHeaders(rawHeaders, securityHeaders(protocol));
        const compression = apiAnswerCompression({
          method: req.method ?? 'GET',
          url: rawUrl,
          acceptEncoding: req.headers['accept-encoding'],
          status: statusCode,
          header: (name) => flatHeader(headers, name),
        });
        if (compression.encoding) {
          compressor = apiCompressor(compression.encoding, Number(flatHeader(headers, 'content-length')));
          compressor.on('drain', resume);
          compressor.pipe(res);
        } else {
          res.on('drain', resume);
        }
        res.writeHead(statusCode, compression.vary ? compressedHeaders(headers, compression.encoding) : headers);
        return true;
      },
      onData(chunk: Buffer) {
        return passedOn || (compressor ?? res).write(chunk);
      },
      onComplete() {
        if (!passedOn) (compressor ?? res).end();
      },
      onError(error: Error) {
        if (passedOn) return;
        compressor?.destroy();
        if (answering || res.destroyed) res.destroy(error);
        else passOn(error);
      },
    } as unknown as Dispatcher.DispatchHandler);
    return true;
  };

  return { handle, close: () => agent.close() };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { startServerSpan, TRACEPARENT, traceparentOf, type Tracing } from '@kloof/tracing';

/** Words, ids and UUIDs: a segment with anything else (`@`, `.`, `%`) could be someone's address. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** The path as a span may keep it: the query never, a segment that is not a plain id or word as `…`. */
export function spanPath(path: string): string {
  return path
    .split('/')
    .map((segment, i) => (i === 0 || PLAIN_SEGMENT.test(segment) ? segment : '…'))
    .join('/');
}

/**
 * The web server's span of one /v1 request: a child of the browser's (its `traceparent`), the
 * parent of the API's, whose header names this span instead; ended when the answer is sent or the
 * client leaves. Tracing off, the browser's header goes on as it came.
 */
export function traceGatewayRequest(
  tracing: Tracing,
  req: IncomingMessage,
  res: ServerResponse,
  path: string | null,
  upstream: Record<string, string | string[]>,
): string {
  const method = req.method ?? 'GET';
  const span = startServerSpan(tracing, `${method} /v1`, req.headers[TRACEPARENT], {
    'http.request.method': method,
    'url.path': path === null ? '…' : spanPath(path),
  });
  if (tracing.tracer) {
    upstream[TRACEPARENT] = traceparentOf(span.span.spanContext());
    res.once('close', () => span.end(res.statusCode));
  }
  return span.traceId;
}

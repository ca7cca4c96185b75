import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { newSpanId, newTraceId, remoteParent } from './traceparent';
import type { Tracing } from './tracing';

/** One request's span on a server: its ids (for the log lines) and the context its work runs in. */
export interface ServerSpan {
  span: Span;
  traceId: string;
  spanId: string;
  /** Runs `work` with this span active, so what it starts (queries, calls upstream) hangs from it. */
  context: Context;
  /** Records the answer's status and ends the span. */
  end(statusCode: number): void;
}

/**
 * Starts the span of a request that came with `traceparent` (or none): a child of the caller's
 * span when the header is well formed, a new trace otherwise. With tracing off nothing is
 * recorded, but the ids are still made, so log lines carry the browser's trace id.
 */
export function startServerSpan(
  tracing: Tracing,
  name: string,
  traceparent: string | string[] | undefined,
  attributes: Attributes,
): ServerSpan {
  const parent = remoteParent(traceparent);
  const parentContext = parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
  const span = tracing.tracer
    ? tracing.tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parentContext)
    : trace.wrapSpanContext({
        traceId: parent?.traceId ?? newTraceId(),
        spanId: newSpanId(),
        traceFlags: TraceFlags.NONE,
      });
  const { traceId, spanId } = span.spanContext();
  return {
    span,
    traceId,
    spanId,
    context: trace.setSpan(ROOT_CONTEXT, span),
    end(statusCode) {
      span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

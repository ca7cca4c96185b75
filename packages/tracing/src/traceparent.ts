import { randomBytes } from 'node:crypto';
import { isSpanContextValid, TraceFlags, type SpanContext } from '@opentelemetry/api';
import { parseTraceParent } from '@opentelemetry/core';

export const TRACEPARENT = 'traceparent';

/**
 * The caller's span, from a W3C `traceparent` header, or null when there is none or it is not
 * well formed (ignored, never an error: anyone on the internet may send one). Only the ids are
 * kept: the caller's sampled flag decides nothing here, each server samples on its own.
 */
export function remoteParent(header: string | string[] | undefined): SpanContext | null {
  if (typeof header !== 'string' || header.length > 128) return null;
  const parsed = parseTraceParent(header);
  if (!parsed || !isSpanContextValid(parsed)) return null;
  return { traceId: parsed.traceId, spanId: parsed.spanId, traceFlags: TraceFlags.NONE, isRemote: true };
}

/** The `traceparent` header naming this span as the parent of the next hop. */
export function traceparentOf(span: SpanContext): string {
  return `00-${span.traceId}-${span.spanId}-0${span.traceFlags & TraceFlags.SAMPLED}`;
}

export function newTraceId(): string {
  return randomBytes(16).toString('hex');
}

export function newSpanId(): string {
  return randomBytes(8).toString('hex');
}

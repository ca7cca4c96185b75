import { context, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

export type ServiceName = 'kloof-api' | 'kloof-web';

/** A server's traces: exported when an OTLP endpoint is set, otherwise ids for its log lines only. */
export interface Tracing {
  /** Null when off: no SDK, no spans, nothing sent. */
  tracer: Tracer | null;
  /** Sends what is still buffered (a stop waits for it); never rejects. */
  shutdown(): Promise<void>;
}

export const TRACING_OFF: Tracing = { tracer: null, shutdown: async () => undefined };

let contextManager: AsyncLocalStorageContextManager | null = null;

/** The active span follows each request through awaits (one manager per process, shared by every tracer). */
function ensureContextManager(): void {
  if (contextManager) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
}

/**
 * Starts exporting spans over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`, as the OTel collector,
 * Jaeger and Tempo receive them. Every request is sampled whatever its caller's flag says: a
 * header from the internet decides no cost of ours.
 */
export function startTracing(endpoint: string | undefined, serviceName: ServiceName): Tracing {
  if (!endpoint) return TRACING_OFF;
  ensureContextManager();
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: new AlwaysOnSampler(),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  return {
    tracer: provider.getTracer(serviceName),
    // A receiver gone at the stop loses the last spans; it does not fail the stop.
    shutdown: () => provider.shutdown().catch(() => undefined),
  };
}

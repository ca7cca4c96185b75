import type { IncomingMessage } from 'node:http';
import { context } from '@opentelemetry/api';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { startServerSpan, TRACEPARENT, type ServerSpan, type Tracing } from '@kloof/tracing';

/**
 * A request's span, started when Fastify makes the request's logger (before any hook), so every
 * line logged for it carries `trace_id` and `span_id`, even a 404 or a body that did not parse.
 */
export function tracedRequests(tracing: Tracing): {
  childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']>;
  plugin: FastifyPluginAsync;
} {
  const spans = new WeakMap<IncomingMessage, ServerSpan>();

  const childLoggerFactory = (
    logger: FastifyBaseLogger,
    bindings: Record<string, unknown>,
    options: object,
    raw: IncomingMessage,
  ): FastifyBaseLogger => {
    const method = raw.method ?? 'GET';
    // Named by the route once it is known (onRequest); attributes hold no query, address or header.
    const span = startServerSpan(tracing, method, raw.headers[TRACEPARENT], { 'http.request.method': method });
    spans.set(raw, span);
    return logger.child({ ...bindings, trace_id: span.traceId, span_id: span.spanId }, options);
  };

  const plugin = fp(
    async (app) => {
      if (!tracing.tracer) return; // off: the ids above are all there is
      app.addHook('onRequest', (request, _reply, done) => {
        const span = spans.get(request.raw);
        if (!span) return done();
        const route = request.routeOptions.url;
        span.span.updateName(route ? `${request.method} ${route}` : request.method);
        if (route) span.span.setAttribute('http.route', route);
        // The hooks, the handler and the queries they run see this span as theirs.
        context.with(span.context, done);
      });
      // Again once the body is read: its stream's events come from the socket, outside the span.
      app.addHook('preValidation', (request, _reply, done) => {
        const span = spans.get(request.raw);
        if (span) context.with(span.context, done);
        else done();
      });
      app.addHook('onResponse', (request, reply, done) => {
        spans.get(request.raw)?.end(reply.statusCode);
        done();
      });
      app.addHook('onClose', () => tracing.shutdown());
    },
    { name: 'tracing' },
  );

  return { childLoggerFactory, plugin };
}

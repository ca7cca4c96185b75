import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The one label of every request that matched no route: a flood of made-up URLs adds no series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from a cached read (~1 ms) to the statement limit (10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Counts and times every answer by method, route pattern (`/v1/projects/:id`, never the URL a
 * client typed) and status, so the series stay as few as the routes whatever clients send.
 */
export function recordRequests(app: FastifyInstance, registry: Registry, prefix: string): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'Requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time to answer, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

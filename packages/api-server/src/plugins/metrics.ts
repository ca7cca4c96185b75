import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { recordRequests, serveMetrics, type MetricsPort } from '@kloof/metrics';

const PREFIX = 'kloof_';

/** What other plugins count into /metrics. */
export interface ApiMetrics {
  registry: Registry;
  /** Requests refused by a rate limit, by the limit's name (a word from the code, never input). */
  rateLimitRefusals: Counter<'limit'>;
  /** Where /metrics listens (METRICS_PORT), once the API listens; null without it. */
  address(): { port: number; address: string } | null;
}

/**
 * Prometheus metrics of this instance (`kloof_*`): requests by route and status, the database
 * pool, rate-limit refusals and the sign-in (password hash) queue, plus Node's own. Served on
 * METRICS_PORT only, opened when the API starts listening (a loaded spare holds no port).
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: PREFIX });
    recordRequests(app, registry, PREFIX);
    const rateLimitRefusals = new Counter({
      name: `${PREFIX}rate_limit_refusals_total`,
      help: 'Requests refused with 429 by a rate limit, by limit',
      labelNames: ['limit'] as const,
      registers: [registry],
    });
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'Database connections of the pool, by state (PGlite: one)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = app.dbPoolUse();
        this.set({ state: 'in_use' }, use.inUse);
        this.set({ state: 'idle' }, use.size - use.inUse);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting_queries`,
      help: 'Queries waiting for a database connection',
      registers: [registry],
      collect() {
        this.set(app.dbPoolUse().waiting);
      },
    });
    new Gauge({
      name: `${PREFIX}signin_queue_tasks`,
      help: 'Password hashes (sign-in, sign-up, password changes), by state: waiting or running',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = app.passwords.queueUse();
        this.set({ state: 'waiting' }, use.waiting);
        this.set({ state: 'running' }, use.running);
      },
    });

    let port: MetricsPort | null = null;
    const { port: metricsPort, host: metricsHost } = app.config.metrics;
    if (metricsPort !== undefined) {
      // Fastify runs onListen after listen() has resolved and only logs what it throws: said here plainly.
      app.addHook('onListen', async () => {
        try {
          port = await serveMetrics(registry, metricsPort, metricsHost);
          app.log.info({ port: port.address().port, host: metricsHost }, 'metrics at /metrics');
        } catch (err) {
          app.log.error({ err }, `metrics: cannot listen on ${metricsHost}:${metricsPort} (METRICS_PORT); none served`);
        }
      });
      app.addHook('onClose', async () => port?.close());
    }
    app.decorate('metrics', {
      registry,
      rateLimitRefusals,
      address: () => port?.address() ?? null,
    } satisfies ApiMetrics);
  },
  { name: 'metrics', dependencies: ['db'] },
);

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { TELEMETRY_TOKEN_PATH } from '@kloof/api-contract/constants';
import { recordRequests, serveMetrics, type MetricsPort } from '@kloof/metrics';
import { isRegistryDocument } from '@kloof/release-registry';
import type { Site } from './site';

const PREFIX = 'kloof_';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where /metrics listens (METRICS_PORT) once the server listens; null without it. */
    metricsAddress(): AddressInfo | null;
  }
}

/** METRICS_PORT and METRICS_HOST, and where to say what became of them (main.ts: the console). */
export interface MetricsListen {
  port: number;
  host: string;
  report?: (line: string) => void;
}

/** What a browser calls home with, by path: fixed words, never the URL. */
const BEACONS = new Map([
  [TELEMETRY_TOKEN_PATH, 'telemetry_token'],
  ['/v1/telemetry', 'telemetry'],
  ['/sw.js', 'service_worker'],
]);

/**
 * Prometheus metrics of the web server (`kloof_*`): requests by route pattern and status, the
 * versions live per app, browsers' telemetry and service-worker calls, Node's own. Served only on
 * `listen` (METRICS_PORT), a port apart from the public one, opened once the server listens.
 */
export function registerMetrics(app: FastifyInstance, site: Site, listen: MetricsListen | undefined): void {
  // Not a page: the public port answers 404 here, not the site's page for unknown paths.
  app.get('/metrics', (_request, reply) => reply.callNotFound());
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  recordRequests(app, registry, PREFIX);
  const beacons = new Counter({
    name: `${PREFIX}browser_beacons_total`,
    help: 'Calls browsers make home: telemetry tokens, telemetry beacons, service-worker script checks',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', async (request) => {
    const kind = BEACONS.get(request.url.split('?', 1)[0] ?? '');
    if (kind) beacons.inc({ kind });
  });
  new Gauge({
    name: `${PREFIX}release_served`,
    help: 'Versions this server serves per app: 1 for each, by channel (stable, canary)',
    labelNames: ['app', 'version', 'channel'] as const,
    registers: [registry],
    collect() {
      this.reset();
      let document: unknown = null;
      try {
        document = JSON.parse(site.registry());
      } catch {
        return; // an unreadable registry serves no release: /readyz says so
      }
      if (!isRegistryDocument(document)) return;
      for (const [app, entry] of Object.entries(document.apps)) {
        if (entry.stable) this.set({ app, version: entry.stable.version, channel: 'stable' }, 1);
        if (entry.canary) this.set({ app, version: entry.canary.version, channel: 'canary' }, 1);
      }
    },
  });

  let port: MetricsPort | null = null;
  if (listen) {
    const report = listen.report ?? ((line: string) => app.log.info(line));
    // Fastify runs onListen after listen() has resolved and only logs what it throws: said here plainly.
    app.addHook('onListen', async () => {
      try {
        port = await serveMetrics(registry, listen.port, listen.host);
        report(`metrics at http://${listen.host}:${port.address().port}/metrics`);
      } catch (err) {
        report(`metrics: cannot listen on ${listen.host}:${listen.port} (METRICS_PORT), none served: ${String(err)}`);
      }
    });
    app.addHook('onClose', async () => port?.close());
  }
  app.decorate('metricsAddress', () => port?.address() ?? null);
}

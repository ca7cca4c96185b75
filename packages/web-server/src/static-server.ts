import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { startTracing } from '@kloof/tracing';
import { apiGateway } from './api-gateway';
import { forwardedHeaders, trustFunction, type TrustedProxies } from './client-address';
import { DEFAULT_EDGE_LIMITS, type EdgeLimits } from './edge-limits';
import { edgeServer, registerEdgeRules } from './edge-rules';
import { encodeBytes, encodedFiles } from './encoded-files';
import { files } from './files';
import { htmlDocuments } from './index-document';
import { registerMetrics, type MetricsListen } from './metrics';
import { pageAnswer } from './pages';
import { registerProbes } from './probes';
import type { RuntimeConfig } from './runtime-config';
import { apiPathHeaders } from './security-headers';
import type { Site, SiteFile } from './site';
import { siteViews } from './site-view';
import { checkLiveVersions, registerTelemetryToken } from './telemetry-token';
import { DEFAULT_HEALTH_CHECK, parseApiUpstreams, Upstreams, type HealthCheckOptions } from './upstreams';
import { intactVersions } from './version-intact';

export interface StaticServerOptions {
  site: Site;
  /** Served as /config.json; its apiHost and registryUrl also widen the CSP. */
  runtimeConfig: RuntimeConfig;
  /** Where /v1 is proxied to when the API is same-origin (apiHost ''): one API origin or several. */
  apiUpstream?: string | readonly string[];
  /** How often and how patiently several upstreams are health-checked (tests shorten it). */
  upstreamHealth?: HealthCheckOptions;
  /** Told when an upstream goes down or comes back, in one line (default: this server's log). */
  onUpstreamChange?: (line: string) => void;
  /** Served over https (always send HSTS). */
  https?: boolean;
  /**
   * The proxies in front (CDN, load balancer) whose X-Forwarded-* is believed. Without them this
   * server is the edge: the client is the socket's peer, whatever headers it sends.
   */
  trustProxy?: TrustedProxies | null;
  logger?: boolean;
  /** Signs each page load's telemetry token (TELEMETRY_SECRET, the API's too); unset: no tokens. */
  telemetrySecret?: string;
  /** Timeouts and connection caps at the edge (tests shorten them); default DEFAULT_EDGE_LIMITS. */
  edgeLimits?: EdgeLimits;
  /** /metrics on a port of its own (METRICS_PORT), never on this server's; unset: none. */
  metrics?: MetricsListen;
  /** OTLP/HTTP receiver of a span per /v1 request (OTEL_EXPORTER_OTLP_ENDPOINT); unset: none. */
  otlpEndpoint?: string | undefined;
}

const NO_HASHES: string[] = [];

/**
 * The production web server, in parts: the edge rules every request meets first (edge-rules.ts),
 * the API gateway at /v1 (api-gateway.ts), the files (files.ts) and the pages (pages.ts) of the
 * live release, each request's view of which (site-view.ts), and the telemetry token.
 */
export async function buildStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const { site, runtimeConfig } = options;
  const https = options.https ?? false;
  const trust = trustFunction(options.trustProxy ?? null);
  const limits = options.edgeLimits ?? DEFAULT_EDGE_LIMITS;
  const app = Fastify(edgeServer({ https, limits, trust, logger: options.logger ?? false }));

  const stored = encodedFiles();
  const documentOf = htmlDocuments(stored);
  // The telemetry token's evidence: whether each live version's files are as its release pinned them.
  const versionFiles = {
    dirOf: (remote: string, version: string) => site.remoteFile(`${remote}/${version}/mf-manifest.json`)?.root ?? null,
    intact: intactVersions(),
  };
  const viewOf = siteViews({
    site,
    runtimeConfig,
    documentOf,
    // A release changed what is live: its files are checked before its first page asks for a token.
    onRegistryChange: (text) => {
      if (options.telemetrySecret) checkLiveVersions(text, versionFiles);
    },
  });

  registerEdgeRules(app, {
    foreignOrigins: (req) => viewOf(req).registry.origins,
    scriptHashes: (req) => viewOf(req).index?.scriptHashes ?? NO_HASHES,
    https,
  });

  registerMetrics(app, site, options.metrics);
  let upstreams: Upstreams | null = null;
  if (!runtimeConfig.apiHost && options.apiUpstream) {
    const origins =
      typeof options.apiUpstream === 'string' ? parseApiUpstreams(options.apiUpstream) : [...options.apiUpstream];
    upstreams = new Upstreams(
      origins,
      options.upstreamHealth ?? DEFAULT_HEALTH_CHECK,
      options.onUpstreamChange ?? ((line) => app.log.warn(line)),
    );
    upstreams.start();
    const started = upstreams;
    app.addHook('onClose', async () => started.stop());
    const tracing = startTracing(options.otlpEndpoint, 'kloof-web');
    app.addHook('onClose', () => tracing.shutdown());
    await app.register(apiGateway, {
      upstreams,
      upstreamHeaders: forwardedHeaders,
      securityHeaders: apiPathHeaders(https),
      tracing,
    });
  }

  registerProbes(app, site, upstreams);
  registerTelemetryToken(app, options.telemetrySecret, (req) => viewOf(req).registry.text, versionFiles);
  if (options.telemetrySecret) app.addHook('onReady', async () => checkLiveVersions(site.registry(), versionFiles));

  await app.register(files, {
    site,
    fileOf: (file: SiteFile) => stored(path.join(file.root, file.file)),
    configJson: encodeBytes(Buffer.from(JSON.stringify(runtimeConfig)), 'application/json; charset=utf-8'),
    viewOf,
    page: pageAnswer({ https, describeSite: () => site.describe(), runtimeConfig }),
  });
  return app;
}

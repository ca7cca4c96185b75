import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { isSourceMap } from '@kloof/release-registry';
import { apiFastPath, type HandedOver } from './api-fast-path';
import { registerApiProxy } from './api-proxy';
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorAnswers } from './error-answers';
import { cacheControlFor, isHashedName } from './cache-policy';
import { forwardedHeaders, trustFunction, type TrustedProxies } from './client-address';
import { DEFAULT_EDGE_LIMITS, edgeServerOptions, guardConnections, type EdgeLimits } from './edge-limits';
import { encodeBytes, encodedFiles, type EncodedFile } from './encoded-files';
import { htmlDocuments, type IndexDocument } from './index-document';
import { knownRoutes, notFoundDocument } from './known-routes';
import { foreignOrigins, type RuntimeConfig } from './runtime-config';
import { apiPathHeaders, registerSecurityHeaders } from './security-headers';
import { sendEncoded } from './send-encoded';
import { refuseOtherTargetForms } from './request-target';
import { checkLiveVersions, registerTelemetryToken } from './telemetry-token';
import { intactVersions } from './version-intact';
import { safeRelative, type PrerenderedFile, type Site, type SiteFile } from './site';
import { DEFAULT_HEALTH_CHECK, parseApiUpstreams, Upstreams, type HealthCheckOptions } from './upstreams';
import { isRegistryDocument, newSeed, seedCookie, seedFromCookies } from '@kloof/release-registry';

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
}

/** Read once per request, so the CSP and the body of one response describe the same release. */
interface RequestView {
  hostDir: string | null;
  /** The document a page request gets: its prerendered HTML, else the host's index.html. */
  index: IndexDocument | null;
  /** Set when `index` is a prerendered page (sent with its own status). */
  page: PrerenderedFile | null;
  /** A page path the live host has no route for (its routes.json says so): answered 404, noindex. */
  unknown: boolean;
  /** registry.json as it was when this request came (one read per request), ready to send. */
  registry: RegistryState;
  /** A seed made for a browser that came without one: sent with its page (Set-Cookie). */
  newSeed: string | null;
}

/** The prerendered not-found page, sent for paths the app has no route for. */
const NOT_FOUND_PAGE = '/404';

/** A path the app would answer with a page: no file extension, not the API. */
function isPagePath(urlPath: string): boolean {
  return !path.extname(urlPath) && urlPath !== '/v1' && !urlPath.startsWith('/v1/');
}

/** The URL path a prerendered page is stored under: `/`, `/pricing` (no trailing slash). */
function pagePath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '/index.html' ? '/' : trimmed;
}

/** Every origin remotes are published at: registry.json's origins and unreleased builds' folders (canaries too). */
function registryOrigins(registry: string): string[] {
  try {
    const parsed: unknown = JSON.parse(registry);
    if (!isRegistryDocument(parsed)) return [];
    return Object.values(parsed.apps).flatMap((app) => [
      app.origin,
      ...[app.stable, app.canary].flatMap((release) => (release?.url ? [release.url] : [])),
    ]);
  } catch {
    return [];
  }
}

/** An app's server build (`server/`) renders pages at release time; it is never sent to a browser. */
function isServerBuild(file: string): boolean {
  return file === 'server' || file.startsWith('server/');
}

/** What a registry.json text means for the answers, worked out once per text (not per request). */
interface RegistryState {
  text: string;
  encoded: EncodedFile;
  /** Origins the CSP allows: the runtime config's and the registry's (one array while unchanged). */
  origins: string[];
}

const NO_HASHES: string[] = [];

/**
 * The production static server: the live host at / with SPA fallback, remotes under /remotes/,
 * /registry.json, /config.json, and the API proxied at /v1.
 */
export async function buildStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const { site, runtimeConfig } = options;
  const https = options.https ?? false;
  const trust = trustFunction(options.trustProxy ?? null);
  const edgeLimits = options.edgeLimits ?? DEFAULT_EDGE_LIMITS;
  // Set once the proxy is registered: bodiless reads under /v1 skip Fastify (api-fast-path.ts).
  let fastPath: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  let handToFastify: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trust,
    // Its own error answers never echo the request and carry the security headers (error-answers.ts).
    frameworkErrors: frameworkErrorAnswer(https),
    clientErrorHandler: clientErrorAnswer(https),
    // The server Fastify would make, with the fast path in front of Fastify's own handler.
    serverFactory: (fastifyHandler, serverOptions) => {
      const server = http.createServer(edgeServerOptions(edgeLimits), (req, res) => {
        if (refuseOtherTargetForms(req, res, https)) return;
        if (!fastPath?.(req, res)) fastifyHandler(req, res);
      });
      // Fastify's own settings (its defaults filled in), as it applies them to a server it makes.
      const settings = serverOptions as unknown as Record<'connectionTimeout' | 'maxRequestsPerSocket', number>;
      // (The header, keep-alive and request timeouts are the edge's, set above.)
      server.setTimeout(settings.connectionTimeout);
      if (settings.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      guardConnections(server, edgeLimits, (address) => trust(address, 0));
      handToFastify = fastifyHandler;
      return server;
    },
  });
  registerErrorAnswers(app, https);
  const files = encodedFiles();
  const documentOf = htmlDocuments(files);
  const fileOf = (site: SiteFile) => files(path.join(site.root, site.file));
  // The telemetry token's evidence: whether each live version's files are as its release pinned them.
  const versionFiles = {
    dirOf: (remote: string, version: string) => site.remoteFile(`${remote}/${version}/mf-manifest.json`)?.root ?? null,
    intact: intactVersions(),
  };
  let registryState: RegistryState | null = null;
  const registryOf = (text: string): RegistryState => {
    if (registryState?.text !== text) {
      // A release changed what is live: its files are checked before its first page asks for a token.
      if (options.telemetrySecret) checkLiveVersions(text, versionFiles);
      registryState = {
        text,
        encoded: encodeBytes(Buffer.from(text), 'application/json; charset=utf-8'),
        origins: foreignOrigins([runtimeConfig.apiHost, runtimeConfig.registryUrl, ...registryOrigins(text)]),
      };
    }
    return registryState;
  };
  // The 404 form of a document (noindex): derived once per document.
  const notFoundForms = new WeakMap<IndexDocument, EncodedFile>();
  const notFoundOf = (doc: IndexDocument): EncodedFile => {
    let encoded = notFoundForms.get(doc);
    if (!encoded)
      notFoundForms.set(
        doc,
        (encoded = encodeBytes(Buffer.from(notFoundDocument(doc.html)), 'text/html; charset=utf-8')),
      );
    return encoded;
  };
  const configJson = encodeBytes(Buffer.from(JSON.stringify(runtimeConfig)), 'application/json; charset=utf-8');
  const routesOf = knownRoutes();
  const views = new WeakMap<IncomingMessage, RequestView>();
  const viewOf = (req: IncomingMessage): RequestView => {
    let view = views.get(req);
    if (!view) {
      const known = seedFromCookies(req.headers.cookie);
      const seed = known ?? newSeed();
      const hostDir = site.hostDir(seed);
      const urlPath = pagePath(req.url ?? '/');
      const reads = req.method === 'GET' || req.method === 'HEAD';
      // `/index.html` is the shell (the service worker's offline fallback for any page): never a
      // page's prerendered HTML, though its route is `/`.
      const shell = (req.url ?? '/').split('?')[0] === '/index.html';
      // Files (a path with an extension) are never pages: no page lookup for them.
      let page = reads && !shell && isPagePath(urlPath) ? site.prerenderedPage(urlPath, seed) : null;
      // A page path the live host's route table does not know: its not-found page (prerendered
      // when there is one), sent with 404. A host without routes.json answers every page path.
      const routes = hostDir ? routesOf(hostDir) : null;
      const unknown = reads && !page && routes !== null && isPagePath(urlPath) && !routes(urlPath);
      if (unknown) page = site.prerenderedPage(NOT_FOUND_PAGE, seed);
      const prerendered = page ? documentOf(path.join(page.root, page.file)) : null;
      view = {
        hostDir,
        index: prerendered ?? (hostDir ? documentOf(path.join(hostDir, 'index.html')) : null),
        page: prerendered ? page : null,
        unknown,
        registry: registryOf(site.registry()),
        newSeed: known ? null : seed,
      };
      views.set(req, view);
    }
    return view;
  };

  registerSecurityHeaders(app, {
    foreignOrigins: (req) => viewOf(req).registry.origins,
    scriptHashes: (req) => viewOf(req).index?.scriptHashes ?? NO_HASHES,
    https,
  });

  if (!runtimeConfig.apiHost && options.apiUpstream) {
    const origins =
      typeof options.apiUpstream === 'string' ? parseApiUpstreams(options.apiUpstream) : [...options.apiUpstream];
    const upstreams = new Upstreams(
      origins,
      options.upstreamHealth ?? DEFAULT_HEALTH_CHECK,
      options.onUpstreamChange ?? ((line) => app.log.warn(line)),
    );
    upstreams.start();
    app.addHook('onClose', async () => upstreams.stop());
    // The API learns the client's address from here only (it trusts this server, nobody else).
    const handedOver = new WeakMap<IncomingMessage, HandedOver>();
    await registerApiProxy(app, upstreams, forwardedHeaders, (req) => handedOver.get(req));
    // Request logging (LOG_REQUESTS=1) is Fastify's: with it on, every /v1 request goes through Fastify.
    if (!options.logger) {
      const fast = apiFastPath({
        upstreams,
        upstreamHeaders: forwardedHeaders,
        trust,
        securityHeaders: apiPathHeaders(https),
        handOver: (req, res, state) => {
          handedOver.set(req, state);
          handToFastify!(req, res);
        },
      });
      fastPath = fast.handle;
      app.addHook('onClose', async () => fast.close());
    }
  }

  // The kloof-canary cookie chooses the host (canary or stable) and whether a page is served
  // prerendered: what it chose varies by Cookie, so no shared cache hands one browser's choice to another.
  const BY_COOKIE = 'Cookie';
  const isHttps = (reply: FastifyReply) => https || reply.request.protocol === 'https';

  // Every file goes out as stored at release (or compressed once on first use): never per request.
  const sendFile = (reply: FastifyReply, file: SiteFile, encoded: EncodedFile, vary?: string) =>
    sendEncoded(reply.request, reply.header('Cache-Control', cacheControlFor(path.basename(file.file))), encoded, vary);
  const notFound = (reply: FastifyReply, message = 'Not found') =>
    reply
      .code(404)
      .header('Cache-Control', 'no-cache')
      .send({ statusCode: 404, code: 'not_found', error: 'Not Found', message });
  const sendIndex = (reply: FastifyReply, view: RequestView) => {
    if (!view.index) {
      return reply
        .code(503)
        .header('Cache-Control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send(`No host is live in ${site.describe()}. Release it: pnpm release host`);
    }
    // The browser's seed keeps its host and remote versions the same on every load (canaries);
    // under https it is sent back over https only.
    if (view.newSeed) reply.header('Set-Cookie', seedCookie(view.newSeed) + (isHttps(reply) ? '; Secure' : ''));
    reply.header('Cache-Control', 'no-cache');
    if (view.unknown) {
      return sendEncoded(
        reply.request,
        reply.code(404).header('X-Robots-Tag', 'noindex'),
        notFoundOf(view.index),
        BY_COOKIE,
      );
    }
    return sendEncoded(reply.request, reply.code(view.page?.status ?? 200), view.index.encoded, BY_COOKIE);
  };

  app.get('/config.json', async (req, reply) =>
    sendEncoded(req, reply.header('Cache-Control', 'no-cache'), configJson),
  );
  app.get('/registry.json', async (req, reply) =>
    sendEncoded(req, reply.header('Cache-Control', 'no-cache'), viewOf(req.raw).registry.encoded),
  );

  registerTelemetryToken(app, options.telemetrySecret, (req) => viewOf(req).registry.text, versionFiles);
  if (options.telemetrySecret) app.addHook('onReady', async () => checkLiveVersions(site.registry(), versionFiles));

  app.get('/remotes/*', async (req, reply) => {
    // A remote may be loaded by a page on another origin (a team's own CDN): allow it.
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    const rest = safeRelative((req.params as { '*': string })['*']);
    const file = rest && !isSourceMap(rest) ? site.remoteFile(rest) : null;
    if (file && isServerBuild(file.file)) return notFound(reply);
    const encoded = file ? fileOf(file) : null;
    if (!file || !encoded) return notFound(reply);
    return sendFile(reply, file, encoded);
  });

  app.get('/*', async (req, reply) => {
    const view = viewOf(req.raw);
    const rest = safeRelative((req.params as { '*': string })['*']);
    if (rest === null || isServerBuild(rest) || isSourceMap(rest)) return notFound(reply);
    // A public page prerendered for the live versions: its HTML, complete without any script.
    if (view.page || rest === '' || rest === 'index.html') return sendIndex(reply, view);
    const hashed = isHashedName(path.basename(rest));
    const live = view.hostDir ? { root: view.hostDir, file: rest } : null;
    const encoded = live ? fileOf(live) : null;
    if (live && encoded) {
      // sw.js, mf-manifest.json…: the chosen host's own; a hashed name is the same file in every host.
      return sendFile(reply, live, encoded, hashed ? undefined : BY_COOKIE);
    }
    // A page loaded before a host release asks for its own hashed chunks: older builds keep them.
    if (hashed) {
      for (const root of site.allHostDirs()) {
        const older = fileOf({ root, file: rest });
        if (older) return sendFile(reply, { root, file: rest }, older);
      }
    }
    // SPA fallback: a path without a file extension is a page of the host.
    if (!path.extname(rest) && !rest.startsWith('v1/') && rest !== 'v1') return sendIndex(reply, view);
    return notFound(reply);
  });

  return app;
}

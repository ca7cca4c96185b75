import type { IncomingMessage } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { isSourceMap } from '@kloof/release-registry';
import { registerApiProxy } from './api-proxy';
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorAnswers } from './error-answers';
import { cacheControlFor, isHashedName } from './cache-policy';
import { forwardedHeaders, trustFunction, type TrustedProxies } from './client-address';
import { htmlDocuments, type IndexDocument } from './index-document';
import { knownRoutes, notFoundDocument } from './known-routes';
import { foreignOrigins, type RuntimeConfig } from './runtime-config';
import { registerSecurityHeaders } from './security-headers';
import { registerTelemetryToken } from './telemetry-token';
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
  /** registry.json as it was when this request came: one read per request. */
  registry: string;
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
function registryOrigins(view: RequestView): string[] {
  try {
    const parsed: unknown = JSON.parse(view.registry);
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

function fileExists(site: SiteFile): boolean {
  return fs.statSync(path.join(site.root, site.file), { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * The production static server: the live host at / with SPA fallback, remotes under /remotes/,
 * /registry.json, /config.json, and the API proxied at /v1.
 */
export async function buildStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const { site, runtimeConfig } = options;
  const https = options.https ?? false;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustFunction(options.trustProxy ?? null),
    // Its own error answers never echo the request and carry the security headers (error-answers.ts).
    frameworkErrors: frameworkErrorAnswer(https),
    clientErrorHandler: clientErrorAnswer(https),
  });
  registerErrorAnswers(app, https);
  const documentOf = htmlDocuments();
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
      let page = reads && !shell ? site.prerenderedPage(urlPath, seed) : null;
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
        registry: site.registry(),
        newSeed: known ? null : seed,
      };
      views.set(req, view);
    }
    return view;
  };

  await registerSecurityHeaders(app, {
    foreignOrigins: (req) =>
      foreignOrigins([runtimeConfig.apiHost, runtimeConfig.registryUrl, ...registryOrigins(viewOf(req))]),
    scriptHashes: (req) => viewOf(req).index?.scriptHashes ?? [],
    https,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // preCompressed: the brotli copies a production build writes (`x.js.br`) go out as they are.
  await app.register(fastifyStatic, {
    root: path.resolve('/'),
    serve: false,
    cacheControl: false,
    dotfiles: 'deny',
    preCompressed: true,
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
    await registerApiProxy(app, upstreams, forwardedHeaders);
  }

  // The kloof-canary cookie chooses the host (canary or stable) and whether a page is served
  // prerendered: what it chose varies by Cookie, so no shared cache hands one browser's choice to another.
  const choseByCookie = (reply: FastifyReply) => reply.header('Vary', 'Cookie');
  const isHttps = (reply: FastifyReply) => https || reply.request.protocol === 'https';

  const sendFile = (reply: FastifyReply, file: SiteFile) =>
    reply.header('Cache-Control', cacheControlFor(path.basename(file.file))).sendFile(file.file, file.root);
  const notFound = (reply: FastifyReply, message = 'Not found') =>
    reply.code(404).header('Cache-Control', 'no-cache').send({ statusCode: 404, error: 'Not Found', message });
  const sendIndex = (reply: FastifyReply, view: RequestView) => {
    if (!view.index) {
      return reply
        .code(503)
        .header('Cache-Control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send(`No host is live in ${site.describe()}. Release it: pnpm release host`);
    }
    choseByCookie(reply);
    // The browser's seed keeps its host and remote versions the same on every load (canaries);
    // under https it is sent back over https only.
    if (view.newSeed) reply.header('Set-Cookie', seedCookie(view.newSeed) + (isHttps(reply) ? '; Secure' : ''));
    if (view.unknown) {
      return reply
        .code(404)
        .header('Cache-Control', 'no-cache')
        .header('X-Robots-Tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(notFoundDocument(view.index.html));
    }
    return reply
      .code(view.page?.status ?? 200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(view.index.html);
  };

  app.get('/config.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig;
  });
  app.get('/registry.json', async (req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(viewOf(req.raw).registry),
  );

  registerTelemetryToken(app, options.telemetrySecret, (req) => viewOf(req).registry);

  app.get('/remotes/*', async (req, reply) => {
    // A remote may be loaded by a page on another origin (a team's own CDN): allow it.
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
    const rest = safeRelative((req.params as { '*': string })['*']);
    const file = rest && !isSourceMap(rest) ? site.remoteFile(rest) : null;
    if (file && isServerBuild(file.file)) return notFound(reply);
    if (!file || !fileExists(file)) return notFound(reply);
    return sendFile(reply, file);
  });

  app.get('/*', async (req, reply) => {
    const view = viewOf(req.raw);
    const rest = safeRelative((req.params as { '*': string })['*']);
    if (rest === null || isServerBuild(rest) || isSourceMap(rest)) return notFound(reply);
    // A public page prerendered for the live versions: its HTML, complete without any script.
    if (view.page || rest === '' || rest === 'index.html') return sendIndex(reply, view);
    if (view.hostDir && fileExists({ root: view.hostDir, file: rest })) {
      // sw.js, mf-manifest.json…: the chosen host's own; a hashed name is the same file in every host.
      if (!isHashedName(path.basename(rest))) choseByCookie(reply);
      return sendFile(reply, { root: view.hostDir, file: rest });
    }
    // A page loaded before a host release asks for its own hashed chunks: older builds keep them.
    if (isHashedName(path.basename(rest))) {
      const root = site.allHostDirs().find((dir) => fileExists({ root: dir, file: rest }));
      if (root) return sendFile(reply, { root, file: rest });
    }
    // SPA fallback: a path without a file extension is a page of the host.
    if (!path.extname(rest) && !rest.startsWith('v1/') && rest !== 'v1') return sendIndex(reply, view);
    return notFound(reply);
  });

  return app;
}

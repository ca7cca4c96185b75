import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { isRegistryDocument, newSeed, seedFromCookies } from '@kloof/release-registry';
import { encodeBytes, type EncodedFile } from './encoded-files';
import type { IndexDocument } from './index-document';
import { knownRoutes } from './known-routes';
import { foreignOrigins, type RuntimeConfig } from './runtime-config';
import type { PrerenderedFile, Site } from './site';

/** Read once per request, so the CSP and the body of one response describe the same release. */
export interface RequestView {
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

/** What a registry.json text means for the answers, worked out once per text (not per request). */
export interface RegistryState {
  text: string;
  encoded: EncodedFile;
  /** Origins the CSP allows: the runtime config's and the registry's (one array while unchanged). */
  origins: string[];
}

/** The prerendered not-found page, sent for paths the app has no route for. */
const NOT_FOUND_PAGE = '/404';

/** A path the app would answer with a page: no file extension, not the API. */
export function isPagePath(urlPath: string): boolean {
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

/**
 * What each request sees of the live release, by its `kloof-canary` seed: the host version, the
 * document a page gets (prerendered, the shell, or the not-found page) and registry.json. Worked
 * out once per request (the security headers, the page and the registry answer share it).
 */
export function siteViews(options: {
  site: Site;
  runtimeConfig: RuntimeConfig;
  documentOf: (file: string) => IndexDocument | null;
  /** Told each new registry.json text (a release changed what is live). */
  onRegistryChange: (text: string) => void;
}): (req: IncomingMessage) => RequestView {
  const { site, runtimeConfig, documentOf } = options;
  let registryState: RegistryState | null = null;
  const registryOf = (text: string): RegistryState => {
    if (registryState?.text !== text) {
      options.onRegistryChange(text);
      registryState = {
        text,
        encoded: encodeBytes(Buffer.from(text), 'application/json; charset=utf-8'),
        origins: foreignOrigins([runtimeConfig.apiHost, runtimeConfig.registryUrl, ...registryOrigins(text)]),
      };
    }
    return registryState;
  };
  const routesOf = knownRoutes();
  const views = new WeakMap<IncomingMessage, RequestView>();
  return (req) => {
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
}

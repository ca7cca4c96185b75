import { fileKind } from '@kloof/apps/cache-contract';

/**
 * How the service worker treats each request. Kept free of worker globals so it is unit tested.
 *
 * - api:     never cached (API data is the server's, and may be personal)
 * - page:    a navigation: network first; offline, the HTML cached for its path (a prerendered
 *            public page), else the cached SPA shell
 * - pointer: files that say which release is live: network first, cached copy only when offline
 * - hashed:  content-hashed chunks and assets (host or remote): cache first, safe forever
 * - other:   left to the browser
 *
 * Pointer and hashed files are those of the one cache contract the web server also follows.
 */
export type RequestKind = 'api' | 'page' | 'pointer' | 'hashed' | 'other';

export interface RequestFacts {
  url: URL;
  method: string;
  mode: RequestMode | string;
}

/** Paths of the API on any origin (same-origin proxy or a configured API host). */
export function isApiPath(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/');
}

export function requestKind({ url, method, mode }: RequestFacts, siteOrigin: string): RequestKind {
  if (isApiPath(url.pathname)) return 'api';
  if (method !== 'GET') return 'other';
  if (mode === 'navigate') return url.origin === siteOrigin ? 'page' : 'other';
  return fileKind(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
}

/** Message a page posts to the worker: the URLs it loaded before the worker controlled it. */
export const CACHE_LOADED = 'CACHE_LOADED';
/** That message: the URLs, and the SHA-384 of those the page knows one for (checked before storing). */
export interface CacheLoadedMessage {
  type: typeof CACHE_LOADED;
  urls: string[];
  integrity?: Record<string, string>;
}
/** Message of a page the worker's first claim missed (it loaded while the worker activated). */
export const CLAIM_ME = 'CLAIM_ME';
/** The most URLs one message may name (a first load fetches a few dozen). */
export const MAX_POSTED_URLS = 300;

/** The cache of page HTML: one entry per page path, and the SPA shell. */
export const PAGES_CACHE = 'kloof-pages';
/** The SPA shell, which renders any route on the client: what an unstored path gets offline. */
export const SHELL_PATH = '/index.html';
/** Page paths kept at most (paths with parameters must not grow the cache without end). */
export const MAX_CACHED_PAGES = 60;

/** A same-origin page path: no file extension, not the API (`/`, `/pricing`, `/careers/x`). */
export function isPageUrl(url: URL): boolean {
  if (isApiPath(url.pathname)) return false;
  const fileName = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  return !fileName.includes('.');
}

/**
 * The cache key of a page's HTML: its path alone (no query, no fragment, no trailing slash), so
 * `/pricing?ref=x` and `/pricing/` find the HTML prerendered for `/pricing`.
 */
export function pageCacheKey(href: string, origin: string): string {
  const { pathname } = new URL(href, origin);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return new URL(path, origin).href;
}

import { fileKind } from '@kloof/federation/cache-contract';

/**
 * How the service worker treats each request. Kept free of worker globals so it is unit tested.
 *
 * - api:     never cached (API data is the server's, and may be personal)
 * - page:    a navigation: network first, the one cached index.html when offline (SPA)
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
/** The most URLs one message may name (a first load fetches a few dozen). */
export const MAX_POSTED_URLS = 300;

/// <reference lib="webworker" />
// The service worker (built on its own and given its precache list by packages/federation's
// service-worker plugin; never part of the page bundle).
import { cacheNames, clientsClaim } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  CACHE_LOADED,
  CLAIM_ME,
  isPageUrl,
  MAX_CACHED_PAGES,
  MAX_POSTED_URLS,
  PAGES_CACHE,
  pageCacheKey,
  requestKind,
  SHELL_PATH,
  type RequestKind,
} from './request-kinds';
import { VerifiedCacheFirst } from './verified-cache-first';
import { ReleaseFileHashes } from './release-file-hashes';
import { HostFileHashes, type HostFileEntry } from './host-file-hashes';
import { NETWORK_QUERY, NETWORK_REACHABLE, NETWORK_UNREACHABLE } from '@kloof/api-client/network-messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | HostFileEntry)[] };

/** Seconds before a slow network loses to the cached copy. */
const NETWORK_TIMEOUT_SECONDS = 3;

// The host's shell: its hashed chunks and assets, each with the SHA-384 its build pinned (pointer
// files are left out at build time).
const hostFiles = new HostFileHashes(self.__WB_MANIFEST, self.location.href);
/** Where the host's shell is kept: no expiry (offline needs all of it); pruned to this build's files on activation. */
const HOST_CACHE = 'kloof-host';

// A new worker waits until the page's update prompt is confirmed. A page the first claim missed
// (it loaded while this worker was activating) asks to be claimed.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === CLAIM_ME) event.waitUntil(self.clients.claim());
});
// First install: control the open page at once, so what it loads from now on is cached.
clientsClaim();

const kindIs =
  (kind: RequestKind) =>
  ({ request, url }: { request: Request; url: URL }) =>
    requestKind({ url, method: request.method, mode: request.mode }, self.location.origin) === kind;

/**
 * Each page path keeps its own HTML (a public page is prerendered for its path; any other path
 * is the SPA shell): the key is the path alone, without query or fragment. A path never stored
 * opens offline with the shell (index.html), which renders any route on the client; the client
 * only hydrates HTML that was prerendered for its own URL.
 */
const perPath: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageCacheKey(request.url, self.location.origin),
  // The path's own HTML whatever its Vary header says (each path holds one page here), else the shell.
  handlerDidError: async ({ request }) => {
    const pages = await caches.open(PAGES_CACHE);
    const own = await pages.match(pageCacheKey(request.url, self.location.origin), { ignoreVary: true });
    return own ?? pages.match(shellUrl());
  },
};

const shellUrl = () => new URL(SHELL_PATH, self.location.origin).href;

/**
 * Tells pages when the network failed them, so they can say they are offline even when the
 * browser thinks it has a network (see @kloof/api-client's connectivity). Only network errors count: an
 * HTTP error status is an answer.
 */
let networkFailedAt: number | null = null;

async function tell(clientId: string | undefined, type: string): Promise<void> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage({ type });
}

const fetchEventClient = (event: ExtendableEvent | undefined) => {
  const fetchEvent = event as FetchEvent | undefined;
  return fetchEvent?.clientId || fetchEvent?.resultingClientId;
};

const networkReports: WorkboxPlugin = {
  fetchDidFail: async ({ event }) => {
    networkFailedAt = Date.now();
    await tell(fetchEventClient(event), NETWORK_UNREACHABLE);
  },
  fetchDidSucceed: async ({ response, event }) => {
    if (networkFailedAt !== null) {
      networkFailedAt = null;
      await tell(fetchEventClient(event), NETWORK_REACHABLE);
    }
    return response;
  },
};

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type !== NETWORK_QUERY) return;
  const source = event.source as Client | null;
  source?.postMessage({ type: networkFailedAt === null ? NETWORK_REACHABLE : NETWORK_UNREACHABLE });
});

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // The server varies pages by Cookie (its canary choice); here each path keeps one page.
  matchOptions: { ignoreVary: true },
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    perPath,
    networkReports,
    new CacheableResponsePlugin({ statuses: [200] }),
    // Paths with parameters (/manage/user/<id>) must not grow the cache without end.
    new ExpirationPlugin({ maxEntries: MAX_CACHED_PAGES, purgeOnQuotaError: true }),
  ],
});
const pointers = new NetworkFirst({
  cacheName: 'kloof-pointers',
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  // A remote entry on another origin is loaded by a <script>: opaque (0) but fine to keep.
  plugins: [
    networkReports,
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }),
  ],
});
/** A version's manifest (its `integrity` map pins every file): the network, offline the cached copy. */
async function readManifest(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'omit' }).catch(() => caches.match(url));
  if (!response?.ok) throw new Error(`${url} could not be read`);
  return response.json();
}

// Each file checked against the hash its release pinned, on the way in and on the way out.
const chunks = new VerifiedCacheFirst(new ReleaseFileHashes(readManifest), {
  cacheName: 'kloof-chunks',
  plugins: [
    networkReports,
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
  ],
});

// The shell is checked like a remote's files (Workbox's precache would keep and serve whatever
// bytes it was handed): a file that does not match is never stored, and the install goes on
// without it, so the next load asks the network (past the HTTP cache) again.
const shell = new VerifiedCacheFirst(hostFiles, {
  cacheName: HOST_CACHE,
  plugins: [networkReports, new CacheableResponsePlugin({ statuses: [200] })],
});

const isHostFile = ({ request, url }: { request: Request; url: URL }) =>
  request.method === 'GET' && HostFileHashes.isHostFile(url, self.location.origin);

registerRoute(kindIs('page'), pages);
registerRoute(kindIs('pointer'), pointers);
registerRoute((options) => isHostFile(options) && hostFiles.isPinned(options.url.href), shell);
// A host file this build did not pin (another host build's: its page checks it): never stored by
// this worker; offline, the copy a newer worker checked and stored at its install (a host release
// waiting for the update prompt), if any.
const storedByNone: WorkboxPlugin = { cacheWillUpdate: async () => null };
registerRoute(isHostFile, new NetworkFirst({ cacheName: HOST_CACHE, plugins: [networkReports, storedByNone] }));
registerRoute(kindIs('hashed'), chunks);
// API calls ('api') and everything else get no route: the browser fetches them, nothing is cached.

/**
 * Stores every pinned host file. One refused for its hash is left out (the install goes on, and
 * the file is asked for again when used); one the network did not deliver fails the install, which
 * the browser tries again on a later load, as Workbox's precache did.
 */
async function storeShell(event: ExtendableEvent): Promise<void> {
  const stored = hostFiles.urls.map(
    (url) => shell.handleAll({ event, request: new Request(url, { credentials: 'same-origin' }) })[1],
  );
  const failed = (await Promise.allSettled(stored)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Keeps only this build's shell, and drops Workbox's precache that older workers kept it in. */
async function pruneShell(): Promise<void> {
  await caches.delete(cacheNames.precache);
  const cache = await caches.open(HOST_CACHE);
  for (const request of await cache.keys()) {
    if (!hostFiles.isPinned(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event: ExtendableEvent) => event.waitUntil(storeShell(event)));
self.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(pruneShell()));

/**
 * The first visit: the page, its pointer files and the chunks it loaded came before this worker
 * controlled the page, so none went through the routes above. The page posts what it loaded
 * (see offline-warmup.ts); each file goes through its own route's strategy now, and the shell
 * with them, so the visit reloads offline without a second online load.
 */
async function cacheLoaded(
  urls: readonly string[],
  integrity: Readonly<Record<string, string>>,
  event: ExtendableEvent,
): Promise<void> {
  const shell = pages.handleAll({ event, request: new Request(SHELL_PATH) })[1];
  const files = urls.map(async (href) => {
    const url = new URL(href, self.location.origin);
    // The page itself (its prerendered HTML when it has one), under its own path.
    if (url.origin === self.location.origin && isPageUrl(url)) {
      await pages.handleAll({ event, request: new Request(url.href) })[1];
      return;
    }
    const kind = requestKind({ url, method: 'GET', mode: 'cors' }, self.location.origin);
    // The host's own files were stored at install, each checked against this worker's pins.
    if (HostFileHashes.isHostFile(url, self.location.origin)) return;
    const strategy = kind === 'pointer' ? pointers : kind === 'hashed' ? chunks : null;
    if (!strategy || url.pathname.endsWith(SHELL_PATH)) return;
    // A remote on another origin: fetched with CORS, as its pinned <script crossorigin> tags fetch
    // it. An opaque (no-cors) copy in the cache would fail those requests (ERR_FAILED) for good.
    const mode = url.origin === self.location.origin ? 'same-origin' : 'cors';
    // A hash the page knows (from the remote's manifest) is checked before the file is stored.
    const pinned = integrity[url.href] ?? '';
    const request = new Request(url.href, { mode, credentials: 'omit', integrity: kind === 'hashed' ? pinned : '' });
    await strategy.handleAll({ event, request })[1];
  });
  await Promise.allSettled([shell, ...files]);
}

/** The url -> hash map of a warm-up message, strings only. */
function integrityHashes(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown; integrity?: unknown } | null;
  if (data?.type !== CACHE_LOADED || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string').slice(0, MAX_POSTED_URLS);
  event.waitUntil(cacheLoaded(urls, integrityHashes(data.integrity), event));
});

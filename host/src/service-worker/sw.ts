/// <reference lib="webworker" />
// The service worker (built on its own and given its precache list by packages/federation's
// service-worker plugin; never part of the page bundle).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { requestKind, type RequestKind } from './request-kinds';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Seconds before a slow network loses to the cached copy. */
const NETWORK_TIMEOUT_SECONDS = 3;

// The host's shell: its hashed chunks and assets (pointer files are left out at build time).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new worker waits until the page's update prompt is confirmed.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// First install: control the open page at once, so what it loads from now on is cached.
clientsClaim();

const kindIs =
  (kind: RequestKind) =>
  ({ request, url }: { request: Request; url: URL }) =>
    requestKind({ url, method: request.method, mode: request.mode }, self.location.origin) === kind;

/** Every page path is the same index.html: one cache entry serves any route offline. */
const oneShell: WorkboxPlugin = {
  cacheKeyWillBeUsed: async () => new URL('/index.html', self.location.origin).href,
};

registerRoute(
  kindIs('page'),
  new NetworkFirst({
    cacheName: 'kloof-pages',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [oneShell, new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

registerRoute(
  kindIs('pointer'),
  new NetworkFirst({
    cacheName: 'kloof-pointers',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // A remote entry on another origin is loaded by a <script>: opaque (0) but fine to keep.
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  kindIs('hashed'),
  new CacheFirst({
    cacheName: 'kloof-chunks',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
// API calls ('api') and everything else get no route: the browser fetches them, nothing is cached.

import { authStore, type AuthSession } from '@kloof/auth';
import { pinnedHashes, remotePageFiles, type RemoteManifest } from '../federation/page-files';
import { fetchJson } from '../federation/fetch-json';
import { loadRemoteRegistry, manifestUrlOf } from '../federation/remote-registry';
import { remoteId } from '../federation/remote-id';
import { CACHE_LOADED, MAX_POSTED_URLS, type CacheLoadedMessage } from '../service-worker/request-kinds';
import { mayPreload } from './may-open';
import type { PageRoute } from './route-types';

/** The routes a visitor may open offline from the public layout: every public page and, signed out, the sign-in pages. */
function routesToWarm(routes: readonly PageRoute[], session: AuthSession): PageRoute[] {
  return routes.filter((route) => route.layout === 'public' && mayPreload(route.guard, session));
}

/** Those routes' remote pages (`remote/Page`), each once. Signed-in pages are cached when opened. */
export function pagesToWarm(routes: readonly PageRoute[], session: AuthSession): string[] {
  return [...new Set(routesToWarm(routes, session).map((route) => remoteId(route.remote, route.module)))];
}

/** What the warm-up needs from the page: the remotes' manifests and the worker to hand the files to. */
export interface WarmupTarget {
  manifestUrlOf(remote: string): string | undefined;
  fetchManifest(url: string): Promise<RemoteManifest>;
  post(message: CacheLoadedMessage): void;
}

/**
 * The files of every page to warm (its remote's manifest and entry, its own chunks),
 * handed to the service worker in one message: the worker downloads and caches them off the
 * main thread, and no page's code runs before it is opened. Returns how many were handed over.
 */
export async function handOverPagesToWarm(
  routes: readonly PageRoute[],
  session: AuthSession,
  target: WarmupTarget,
): Promise<number> {
  const pagesByRemote = new Map<string, string[]>();
  for (const id of pagesToWarm(routes, session)) {
    const [remote, page] = id.split('/') as [string, string];
    pagesByRemote.set(remote, [...(pagesByRemote.get(remote) ?? []), page]);
  }
  const remoteFiles = await Promise.all(
    [...pagesByRemote].map(async ([remote, pages]) => {
      const manifestUrl = target.manifestUrlOf(remote);
      if (!manifestUrl) return { urls: [], hashes: {} };
      // A remote whose manifest cannot be read now is warmed when its page is opened.
      return target.fetchManifest(manifestUrl).then(
        (manifest) => ({
          urls: remotePageFiles(manifestUrl, manifest, pages),
          hashes: pinnedHashes(manifestUrl, manifest),
        }),
        () => ({ urls: [], hashes: {} }),
      );
    }),
  );
  const urls = [...new Set(remoteFiles.flatMap((remote) => remote.urls))].slice(0, MAX_POSTED_URLS);
  const hashes = Object.assign({}, ...remoteFiles.map((remote) => remote.hashes)) as Record<string, string>;
  // The worker stores a file only once it matched the hash its build pinned.
  const integrity = Object.fromEntries(urls.flatMap((url) => (hashes[url] ? [[url, hashes[url]]] : [])));
  target.post({ type: CACHE_LOADED, urls, integrity });
  return urls.length;
}

/**
 * Once the service worker controls the page, makes the public site ready for offline while the
 * browser is idle: after one visit every public page reloads offline. Skipped when the user
 * asked to save data.
 */
export function warmPagesForOffline(routes: readonly PageRoute[], controller: ServiceWorker): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const idle = (task: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task) : setTimeout(task, 200);
  idle(() => {
    void loadRemoteRegistry()
      .then(() =>
        handOverPagesToWarm(routes, authStore.getSession(), {
          manifestUrlOf,
          fetchManifest: (url) => fetchJson<RemoteManifest>(url),
          post: (message) => controller.postMessage(message),
        }),
      )
      .catch(() => undefined);
  });
}

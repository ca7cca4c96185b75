import { pinnedFileHashes } from './pinned-files';
import { CACHE_LOADED, isPageUrl, MAX_POSTED_URLS, type CacheLoadedMessage } from './request-kinds';

/** The parts of the browser the warm-up uses (a test passes its own). */
export interface WarmupEnv {
  /** Resource URLs this page loaded, with when each started (performance timeline). */
  loaded(): readonly { name: string; startTime: number }[];
  now(): number;
  /** URL -> the hash the page pinned it to (see pinned-files.ts). */
  pinned(): Readonly<Record<string, string>>;
  /** Posts to the worker that controls the page. */
  post(message: CacheLoadedMessage): void;
  /** The page's own URL: its shell came before the worker too. */
  pageUrl: string;
}

/**
 * The first visit loads index.html, the pointer files (config.json, registry.json, each remote's
 * mf-manifest.json and remoteEntry.js) and the first chunks before the new worker controls the
 * page, so they miss its caches. Once it controls the page, this tells it what was loaded before
 * that moment, with the hash each pinned file must have; the worker caches each file by its own
 * rule (never precached), a pinned one only if it matches.
 */
export function postLoadedBeforeControl(env: WarmupEnv): number {
  const controlledAt = env.now();
  const { origin } = new URL(env.pageUrl);
  // The worker stores a same-origin path without a file extension as a page's HTML: the only
  // page here is this one. Others of that form are the page's own fetches (the telemetry token),
  // which must not be kept and served as HTML.
  const notAPage = (url: string) =>
    !url.startsWith('http') || !(url.startsWith(`${origin}/`) && isPageUrl(new URL(url)));
  const urls = [
    env.pageUrl,
    ...env
      .loaded()
      .filter((entry) => entry.startTime <= controlledAt && notAPage(entry.name))
      .map((entry) => entry.name),
  ];
  const unique = [...new Set(urls.filter((url) => url.startsWith('http')))].slice(0, MAX_POSTED_URLS);
  const hashes = env.pinned();
  const integrity = Object.fromEntries(unique.flatMap((url) => (hashes[url] ? [[url, hashes[url]]] : [])));
  env.post({ type: CACHE_LOADED, urls: unique, integrity });
  return unique.length;
}

/** The browser's side of the warm-up. */
export function browserWarmupEnv(controller: ServiceWorker): WarmupEnv {
  return {
    loaded: () => performance.getEntriesByType('resource'),
    now: () => performance.now(),
    pinned: pinnedFileHashes,
    post: (message) => controller.postMessage(message),
    pageUrl: window.location.href,
  };
}

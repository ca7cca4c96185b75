/**
 * Whether the site can be reached, as the page should show it. `navigator.onLine` alone is not
 * enough: it says only that some network interface is up, so behind a dead Wi-Fi, a captive
 * portal or a lost route it stays true while every request fails (browsers' own offline
 * emulation leaves it true for a page the service worker served, too). The page counts as offline
 * when the browser says so, or when the service worker had to answer from its cache because the
 * network failed; it counts as online again when the browser says so and a request reaches the
 * server, checked with back-off while offline (at most 10 s apart, and at once when the person
 * comes back to the page: browsers do not always say when a network returns).
 */

import { apiBaseUrl } from '../runtime-config';
import { NETWORK_QUERY, NETWORK_REACHABLE, NETWORK_UNREACHABLE } from './messages';

/** The API's health (the worker never answers API calls from a cache), so a reply proves the network. */
const probeUrl = () => `${apiBaseUrl()}health`;
const FIRST_PROBE_MS = 2_000;
const MAX_PROBE_MS = 10_000;

export interface ConnectivityEnv {
  isOnline(): boolean;
  /**
   * Subscribes to the browser's online/offline events, the worker's messages, and the person
   * coming back to the page (focus, the tab shown again); returns an unsubscribe.
   */
  listen(handlers: {
    online(): void;
    offline(): void;
    unreachable(): void;
    reachable(): void;
    attention(): void;
  }): () => void;
  /** Resolves true when the server answered at all (any status), false on a network error. */
  probe(): Promise<boolean>;
  setTimer(run: () => void, ms: number): () => void;
}

export interface Connectivity {
  online(): boolean;
  subscribe(listener: () => void): () => void;
  /** A request failed without an answer: check the network now (the page may be offline). */
  reportNetworkFailure(): void;
}

export function createConnectivity(env: ConnectivityEnv): Connectivity {
  let online = env.isOnline();
  const listeners = new Set<() => void>();
  let cancelProbe: (() => void) | null = null;
  let probeDelay = FIRST_PROBE_MS;

  const set = (next: boolean) => {
    if (next === online) return;
    online = next;
    for (const listener of [...listeners]) listener();
  };
  const stopProbing = () => {
    cancelProbe?.();
    cancelProbe = null;
    probeDelay = FIRST_PROBE_MS;
  };
  /** While offline with the browser claiming a network, ask the server now and then. */
  const probeLater = () => {
    if (cancelProbe || !env.isOnline()) return;
    cancelProbe = env.setTimer(() => {
      cancelProbe = null;
      void probeNow();
    }, probeDelay);
    probeDelay = Math.min(MAX_PROBE_MS, probeDelay * 2);
  };
  const probeNow = async () => {
    if (await env.probe()) {
      stopProbing();
      set(true);
    } else {
      set(false);
      probeLater();
    }
  };
  env.listen({
    offline: () => {
      stopProbing();
      set(false);
    },
    // The browser has a network again: believe it once the server answers.
    online: () => {
      stopProbing();
      void probeNow();
    },
    unreachable: () => {
      set(false);
      probeLater();
    },
    reachable: () => {
      stopProbing();
      set(true);
    },
    // Someone is looking again while the page counts as offline: ask now, not at the next back-off.
    attention: () => {
      if (online || !env.isOnline()) return;
      stopProbing();
      void probeNow();
    },
  });
  return {
    online: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportNetworkFailure: () => void probeNow(),
  };
}

/** The browser's side: window events, the worker's messages, a probe that bypasses every cache. */
export function browserConnectivityEnv(): ConnectivityEnv {
  return {
    isOnline: () => navigator.onLine,
    listen(handlers) {
      const onMessage = (event: MessageEvent) => {
        const type = (event.data as { type?: unknown } | null)?.type;
        if (type === NETWORK_UNREACHABLE) handlers.unreachable();
        if (type === NETWORK_REACHABLE) handlers.reachable();
      };
      const onVisible = () => document.visibilityState === 'visible' && handlers.attention();
      window.addEventListener('online', handlers.online);
      window.addEventListener('offline', handlers.offline);
      window.addEventListener('focus', handlers.attention);
      document.addEventListener('visibilitychange', onVisible);
      const worker = navigator.serviceWorker;
      worker?.addEventListener('message', onMessage);
      worker?.startMessages();
      // The worker may have answered this page's first requests (its HTML, the preloaded pointer
      // files) from its cache before this listener existed: ask how the network was.
      worker?.controller?.postMessage({ type: NETWORK_QUERY });
      return () => {
        window.removeEventListener('online', handlers.online);
        window.removeEventListener('offline', handlers.offline);
        window.removeEventListener('focus', handlers.attention);
        document.removeEventListener('visibilitychange', onVisible);
        navigator.serviceWorker?.removeEventListener('message', onMessage);
      };
    },
    async probe() {
      try {
        await fetch(probeUrl(), { method: 'HEAD', cache: 'no-store' });
        return true;
      } catch {
        return false;
      }
    },
    setTimer(run, ms) {
      const timer = setTimeout(run, ms);
      // Never what keeps a process alive (Node: tests, prerendering).
      (timer as { unref?: () => void }).unref?.();
      return () => clearTimeout(timer);
    },
  };
}

let shared: Connectivity | undefined;

/**
 * The page's one connectivity store (this package is a federated singleton: one for every app).
 * The host creates it before anything else runs, so the worker's first message is not missed.
 */
export function connectivity(): Connectivity {
  shared ??= createConnectivity(browserConnectivityEnv());
  return shared;
}

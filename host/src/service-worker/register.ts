import { Workbox } from 'workbox-window';
import { toast } from '@kloof/ui';
import { UPDATE_PROMPT, wireUpdateFlow } from './update-flow';
import { browserWarmupEnv, postLoadedBeforeControl } from './offline-warmup';
import { CLAIM_ME } from './request-kinds';

/** The worker script, relative to where the host is served from; it controls the whole site. */
export const SERVICE_WORKER_PATH = 'sw.js';

declare const __webpack_public_path__: string;

/** The update prompt: a toast that stays until answered, with a Reload action. */
function askToReload(accept: () => void): void {
  toast(UPDATE_PROMPT, {
    id: 'service-worker-update',
    duration: Number.POSITIVE_INFINITY,
    action: { label: 'Reload', onClick: accept },
  });
}

/**
 * Registers the service worker (classic, root scope) in production builds only: the dev server
 * serves fresh modules on every change and must never be cached. `onFirstControl` runs once
 * when a new worker first controls this page.
 */
export function registerServiceWorker(onFirstControl: (controller: ServiceWorker) => void = () => undefined): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  // First visit: the worker takes control of this page once active (clients.claim). What the
  // page loaded before that is handed to it, so this one visit already reloads offline.
  const container = navigator.serviceWorker;
  const firstControl = (controller: ServiceWorker) => {
    postLoadedBeforeControl(browserWarmupEnv(controller));
    onFirstControl(controller);
  };
  if (container.controller && !documentCameThroughWorker()) {
    // A worker installed by an earlier page of this visit took control before this page listened.
    firstControl(container.controller);
  } else if (!container.controller) {
    container.addEventListener(
      'controllerchange',
      () => {
        if (container.controller) firstControl(container.controller);
      },
      { once: true },
    );
  }
  const scriptUrl = `${__webpack_public_path__}${SERVICE_WORKER_PATH}`;
  const workbox = new Workbox(scriptUrl, { scope: '/', type: 'classic' });
  let registration: ServiceWorkerRegistration | undefined;
  wireUpdateFlow(workbox, {
    askToReload,
    reload: () => window.location.reload(),
    log: (message) => console.log(message),
    replacesActiveWorker: (installed) => {
      const active = registration?.active ?? container.controller;
      return Boolean(active && active !== installed);
    },
  });
  // The worker claims open pages as it activates; a page that loaded during that moment can be
  // missed (seen about 1 in 20 first visits on a busy machine) and would stay without offline
  // support until its next load. It asks once the worker is active.
  void container.ready.then((registration) => {
    if (!container.controller) registration.active?.postMessage({ type: CLAIM_ME });
  });
  void workbox
    .register()
    .then((registered) => {
      registration = registered;
    })
    .catch((error: unknown) => {
      console.warn('Service worker registration failed; the site works without offline support.', error);
    });
}

/** Whether this page's own HTML was answered through a service worker (it was controlled from its start). */
function documentCameThroughWorker(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation !== undefined && navigation.workerStart > 0;
}

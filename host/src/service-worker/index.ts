import { watchNetworkStatus } from './network-status';
import { registerServiceWorker } from './register';

/**
 * Offline support: the network status toast and the service worker. Called once the app has
 * rendered (its toaster is mounted); the worker registers after the page's own load, as Workbox
 * advises, so it never competes with the first render for bandwidth.
 */
export function startOfflineSupport(): void {
  watchNetworkStatus();
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}

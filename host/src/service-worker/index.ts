import { watchNetworkStatus } from './network-status';
import { registerServiceWorker } from './register';
import { pageRoutes } from '../routes/route-table';
import { warmPagesForOffline } from '../routes/warm-pages';

/**
 * Offline support: the network status toast, the service worker, and (once it controls the
 * page) the public pages made ready for offline. Called once the app has
 * rendered (its toaster is mounted); the worker registers after the page's own load, as Workbox
 * advises, so it never competes with the first render for bandwidth.
 */
export function startOfflineSupport(): void {
  watchNetworkStatus();
  // Once the new worker controls the page, the public pages are downloaded through it.
  const register = () => registerServiceWorker((controller) => warmPagesForOffline(pageRoutes, controller));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

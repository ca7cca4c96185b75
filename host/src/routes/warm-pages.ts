import { authStore, type AuthSession } from '@kloof/auth';
import { remoteId } from '../federation/remote-id';
import { preloadPage } from '../federation/remote-module';
import { mayPreload } from './may-open';
import type { PageRoute } from './route-types';

/**
 * The remote pages a visitor may open offline from the public layout: every public page and,
 * for a signed-out visitor, the sign-in pages. Signed-in pages are cached when opened.
 */
export function pagesToWarm(routes: readonly PageRoute[], session: AuthSession): string[] {
  const ids = routes
    .filter((route) => route.layout === 'public' && mayPreload(route.guard, session))
    .map((route) => remoteId(route.remote, route.module));
  return [...new Set(ids)];
}

/**
 * Once the service worker controls the page, downloads those pages (through it, so it caches
 * them) when the browser is idle, one after another: after one visit the whole public site
 * reloads offline. Skipped when the user asked to save data.
 */
export function warmPagesForOffline(routes: readonly PageRoute[]): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const idle = (task: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task) : setTimeout(task, 200);
  const queue = pagesToWarm(routes, authStore.getSession());
  const next = (): void => {
    const id = queue.shift();
    if (!id) return;
    preloadPage(id);
    idle(next);
  };
  idle(next);
}

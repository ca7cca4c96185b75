import { lazy, type ComponentType } from 'react';
import type { PageComponent } from './page-import';
import { importWithFallback } from './last-known-good';
import { loadedPage, rememberPage } from './loaded-pages';
import { reportRemoteLoaded } from './remote-telemetry';

const cache = new Map<string, ComponentType<Record<string, never>>>();

/**
 * The component of one remote page: the page itself once it is downloaded, else a lazy one.
 * `attempt` makes a fresh lazy after a failure, because React keeps a rejected lazy rejected
 * forever.
 */
export function remotePage(id: string, attempt: number): ComponentType<Record<string, never>> {
  const ready = attempt === 0 ? loadedPage(id) : undefined;
  if (ready) return ready;
  const key = `${id}#${attempt}`;
  let page = cache.get(key);
  if (!page) {
    // A failed load is forgotten, so the page tries again when it is shown again (e.g. after the
    // guard's spinner while the session is checked once the network is back).
    page = lazy(() =>
      loadPage(id).catch((error: unknown) => {
        cache.delete(key);
        throw error;
      }),
    );
    cache.set(key, page);
  }
  return page;
}

/**
 * Downloads a page through the federation runtime (its last known good version if the chosen one
 * fails; failures are counted there) and remembers it for its first render.
 */
export async function loadPage(id: string): Promise<{ default: PageComponent }> {
  const page = await importWithFallback(id);
  rememberPage(id, page.default);
  reportRemoteLoaded(id);
  return page;
}

/** Starts downloading a page before it is shown (link intent). Failures surface on render. */
export function preloadPage(id: string): void {
  void loadPage(id).catch(() => undefined);
}

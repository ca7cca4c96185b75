import { importWithFallback } from '../federation/last-known-good';
import { rememberPage } from '../federation/loaded-pages';
import { remoteId } from '../federation/remote-id';
import { reportRemoteLoaded } from '../federation/remote-telemetry';
import { pageRoutes } from './route-table';
import type { PageRoute } from './route-types';

/**
 * How long the first render waits for the first page: long enough that it usually paints with
 * its page (one render, no spinner: Lighthouse LCP and TBT both drop), short enough that a slow
 * remote never hides the site.
 */
export const FIRST_PAGE_WAIT_MS = 1000;

/**
 * The page a visitor may open at a path, if any (public or guest-only, as the prerendered pages):
 * equality matches, so pages with parameters are left out.
 */
export function publicPageAt(pathname: string, routes: readonly PageRoute[] = pageRoutes): PageRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => (route.guard.kind === 'public' || route.guard.kind === 'guest') && route.path === path);
}

let firstPage: Promise<void> = Promise.resolve();

/**
 * Starts downloading the public page of this URL before the app's own chunks have arrived,
 * so the remote's manifest, entry and page travel alongside React instead of after it.
 * Failures are left to the page's own error boundary on render.
 */
export function preloadFirstPage(pathname: string): void {
  const route = publicPageAt(pathname);
  if (!route) return;
  const id = remoteId(route.remote, route.module);
  // A failure is counted where it happens (importWithFallback); the render shows it.
  firstPage = importWithFallback(id).then(
    (page) => {
      rememberPage(id, page.default);
      reportRemoteLoaded(id);
    },
    () => undefined,
  );
}

/**
 * Settles once the first page is downloaded or has failed, or after `timeoutMs`, whichever
 * comes first (at once when the URL has no public page).
 */
export function firstPageSettled(timeoutMs: number = FIRST_PAGE_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  return Promise.race([firstPage, timeout]).finally(() => clearTimeout(timer));
}

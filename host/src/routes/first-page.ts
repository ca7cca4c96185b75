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

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/** The page route at a path, by the table's patterns (a `:name` segment is any one segment). */
export function pageAt(pathname: string, routes: readonly PageRoute[] = pageRoutes): PageRoute | undefined {
  const segments = segmentsOf(pathname);
  return routes.find((route) => {
    const pattern = segmentsOf(route.path);
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
}

/** A page only a signed-in user (or a system user) may open. */
export const isGated = (route: PageRoute): boolean =>
  route.guard.kind === 'authenticated' || route.guard.kind === 'system';

/**
 * A signed-in page any session may open (no roles, not the system area): its code may leave before
 * the session check. A role-gated page waits for its guard, so nobody without the role downloads it.
 */
const opensWithAnySession = (route: PageRoute): boolean =>
  route.guard.kind === 'authenticated' && !route.guard.roles?.length;

/**
 * The page to download before the app's own chunks have arrived, and whether the first render
 * waits for it: the public page of the URL (waited for, so it paints with its page), or a
 * signed-in page when this browser holds a session's tokens (not waited for: the session check
 * shows its spinner meanwhile). A visitor never downloads a signed-in page's code.
 */
export function firstPageToLoad(
  pathname: string,
  holdsTokens: boolean,
  routes: readonly PageRoute[] = pageRoutes,
): { route: PageRoute; awaited: boolean } | undefined {
  const open = publicPageAt(pathname, routes);
  if (open) return { route: open, awaited: true };
  const gated = holdsTokens ? pageAt(pathname, routes) : undefined;
  return gated && opensWithAnySession(gated) ? { route: gated, awaited: false } : undefined;
}

let firstPage: Promise<void> = Promise.resolve();

/**
 * Starts downloading the page of this URL (see firstPageToLoad) before the app's own chunks have
 * arrived, so the remote's entry and page travel alongside React instead of after it.
 * Failures are left to the page's own error boundary on render.
 */
export function preloadFirstPage(pathname: string, holdsTokens: boolean): void {
  const first = firstPageToLoad(pathname, holdsTokens);
  if (!first) return;
  const { route } = first;
  const id = remoteId(route.remote, route.module);
  // A failure is counted where it happens (importWithFallback); the render shows it.
  const loaded = importWithFallback(id).then(
    (page) => {
      rememberPage(id, page.default);
      reportRemoteLoaded(id);
    },
    () => undefined,
  );
  if (first.awaited) firstPage = loaded;
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

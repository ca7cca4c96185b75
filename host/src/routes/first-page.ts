import { importPage } from '../federation/page-import';
import { remoteId } from '../federation/remote-id';
import { pageRoutes } from './route-table';
import type { PageRoute } from './route-types';

/** The public page at a path, if any. Public paths have no parameters, so equality matches. */
export function publicPageAt(pathname: string, routes: readonly PageRoute[] = pageRoutes): PageRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.guard.kind === 'public' && route.path === path);
}

/**
 * Starts downloading the public page of this URL before the app's own chunks have arrived,
 * so the remote's manifest, entry and page travel alongside React instead of after it.
 * Pages behind a guard wait for the auth check instead. Failures surface when it renders.
 */
export function preloadFirstPage(pathname: string): void {
  const route = publicPageAt(pathname);
  if (route) void importPage(remoteId(route.remote, route.module)).catch(() => undefined);
}

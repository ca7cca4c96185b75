import { matchPath } from 'react-router-dom';
import { pageRoutes } from './route-table';
import type { PageRoute } from './route-types';

/**
 * Whether the page at a path reads the signed-in/signed-out decision: every guarded page and
 * every account page does; the marketing site and the host's own pages (not found, access
 * denied) render the same for every visitor, so a visitor holding no token needs no auth check
 * there.
 */
export function readsAuthState(pathname: string, routes: readonly PageRoute[] = pageRoutes): boolean {
  const route = routes.find((candidate) => matchPath(candidate.path, pathname));
  if (!route) return false;
  return !(route.remote === 'marketing' && route.guard.kind === 'public');
}

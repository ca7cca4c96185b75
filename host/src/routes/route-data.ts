import { isTokenExpired, startEarlyGet, tokenStorage } from '@kloof/api-client';
import { startupCheck } from '@kloof/auth';
import { holdsSessionTokens } from '../startup/stored-session';
import { isGated, pageAt } from './first-page';
import { pageRoutes } from './route-table';
import type { PageRoute } from './route-types';

/** What starting a signed-in load's requests uses (the real ones in the app; a test's in tests). */
export interface RouteDataStart {
  routes?: readonly PageRoute[];
  holdsTokens?: () => boolean;
  accessToken?: () => string | null;
  /** The spec's session check (GET current-user, refresh on 401, the 4-second rule). */
  checkSession?: () => unknown;
  startGet?: (key: string) => void;
}

/**
 * At start, for a signed-in page opened by a browser holding tokens: the session check and the
 * page's declared GETs start now, in parallel with the page's code, instead of after the first
 * render (the check) and after the page arrived (its data). The guard still decides on the
 * check's answer; the page's own GETs find these requests in flight (@kloof/api-client).
 * With an expired access token the data waits for the page: the check renews the token first.
 */
export function startRouteData(pathname: string, options: RouteDataStart = {}): void {
  const route = pageAt(pathname, options.routes ?? pageRoutes);
  if (!route || !isGated(route) || !(options.holdsTokens ?? holdsSessionTokens)()) return;
  void (options.checkSession ?? (() => startupCheck.run()))();
  if (isTokenExpired((options.accessToken ?? (() => tokenStorage.accessToken()))())) return;
  for (const key of route.data ?? []) (options.startGet ?? startEarlyGet)(key);
}

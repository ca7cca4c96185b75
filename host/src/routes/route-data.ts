import { isTokenExpired, loadAxios, startEarlyGet, tokenStorage } from '@kloof/api-client';
import { startupCheck } from '@kloof/auth';
import { loadAppShell } from '../layouts/shell/load-app-shell';
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
  /** Starts downloading the code a signed-in page renders with besides its own: its layout, the HTTP library. */
  loadSignedInCode?: (route: PageRoute) => void;
}

function loadSignedInCode(route: PageRoute): void {
  // Failures are the render's to show, when it asks for them again.
  if (route.layout === 'shell') void loadAppShell().catch(() => undefined);
  void loadAxios().catch(() => undefined);
}

/**
 * At start, for a signed-in page opened by a browser holding tokens: the session check and the
 * page's declared GETs start now, in parallel with the page's code, instead of after the first
 * render (the check) and after the page arrived (its data, the shell's code). The guard still decides on the
 * check's answer; the page's own GETs find these requests in flight (@kloof/api-client).
 * With an expired access token the data waits for the page: the check renews the token first.
 */
export function startRouteData(pathname: string, options: RouteDataStart = {}): void {
  const route = pageAt(pathname, options.routes ?? pageRoutes);
  if (!route || !isGated(route) || !(options.holdsTokens ?? holdsSessionTokens)()) return;
  void (options.checkSession ?? (() => startupCheck.run()))();
  // Else they leave only once the page arrived and rendered: two more round trips after it.
  (options.loadSignedInCode ?? loadSignedInCode)(route);
  if (isTokenExpired((options.accessToken ?? (() => tokenStorage.accessToken()))())) return;
  for (const key of route.data ?? []) (options.startGet ?? startEarlyGet)(key);
}

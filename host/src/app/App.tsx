import { useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { useAuthStartup } from '@kloof/auth';
import { connectivity, savedAt } from '@kloof/api-client';
import {
  alwaysOnline,
  AppToaster,
  GlobalStyles,
  initialHydration,
  NetworkStatusProvider,
  SavedCopiesProvider,
  ThemeProvider,
  type NetworkStatus,
} from '@kloof/ui';
import { AppRoutes } from './router';
import { RequestProgress } from './RequestProgress';
import { installLinkPreload } from '../routes/link-preload';
import { pageRoutes } from '../routes/route-table';
import { readsAuthState } from '../routes/reads-auth-state';

/**
 * Start-up auth check (at most 2 runs, settings included), cross-tab sync, origin tracking. A
 * visitor holding no token on the marketing site gets no check until a page needs one.
 */
function AuthStartup() {
  const location = useLocation();
  // Matched once per path: this re-renders on every session change, the route table is long.
  const needsState = useMemo(() => readsAuthState(location.pathname), [location.pathname]);
  useAuthStartup(location, { needsState });
  return null;
}

/** Data the api client answered from its copy saved for offline, marked by the screens. */
const savedCopies = { savedAt };

/**
 * The host's React tree: theme, toasts, request progress and the router. The server renders the
 * same tree in a static router (host/src/server), so the browser hydrates what it prerendered.
 */
export function App({
  Router = BrowserRouter,
  network = typeof window === 'undefined' ? alwaysOnline : connectivity(),
}: {
  Router?: ComponentType<{ children: ReactNode }>;
  /** Whether the API can be reached (pages reload failed data when it comes back); taken as up when prerendering. */
  network?: NetworkStatus;
}) {
  // Remote pages start downloading on link intent, when the user's guard would let them in.
  useEffect(() => {
    // The first render has committed: blocks mounted from now on render at once.
    initialHydration.end();
    return installLinkPreload(pageRoutes);
  }, []);
  return (
    <ThemeProvider>
      <NetworkStatusProvider value={network}>
        <GlobalStyles />
        <RequestProgress />
        <SavedCopiesProvider value={savedCopies}>
          <Router>
            <AuthStartup />
            <AppRoutes />
          </Router>
        </SavedCopiesProvider>
        <AppToaster />
      </NetworkStatusProvider>
    </ThemeProvider>
  );
}

import { useEffect } from 'react';
import { recheckWhenOnline, startupCheck } from './check';
import { syncAcrossTabs } from './cross-tab';
import { recordVisit, type LocationLike } from './origin';
import { useAuth } from './use-auth';

/**
 * The host's start-up wiring: the auth check when a token is held (at most 2 runs, settings
 * included), the check again when the browser comes back online after it could not reach the
 * API, the cross-tab sync, and the origin tracking guest-only pages send users back to (called with the
 * router's current location).
 */
export function useAuthStartup(location: LocationLike): void {
  const { accessToken, refreshToken, state } = useAuth();
  const holdsToken = Boolean(accessToken || refreshToken);
  const signedIn = state === 'SIGNED_IN';

  useEffect(() => {
    const stopSync = syncAcrossTabs();
    const stopRecheck = recheckWhenOnline();
    return () => {
      stopSync();
      stopRecheck();
    };
  }, []);

  const { pathname, search } = location;
  useEffect(() => {
    recordVisit({ pathname, search });
  }, [pathname, search]);

  // Runs at start, and again when a token appears while signed out (another tab signed in).
  useEffect(() => {
    if (!signedIn) void startupCheck.run();
  }, [holdsToken, signedIn]);
}

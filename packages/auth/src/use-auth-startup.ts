import { useEffect } from 'react';
import { startupCheck } from './check';
import { syncAcrossTabs } from './cross-tab';
import { trackOrigins, type RouterLike } from './origin';
import { useAuth } from './use-auth';

/**
 * The host's start-up wiring: the auth check when a token is held (at most 2 runs, settings
 * included), the cross-tab sync, and the origin tracking guest-only pages send users back to.
 */
export function useAuthStartup(router: RouterLike): void {
  const { accessToken, refreshToken, state } = useAuth();
  const holdsToken = Boolean(accessToken || refreshToken);
  const signedIn = state === 'SIGNED_IN';

  useEffect(() => {
    return syncAcrossTabs();
  }, []);

  useEffect(() => {
    return trackOrigins(router);
  }, [router]);

  // Runs at start, and again when a token appears while signed out (another tab signed in).
  useEffect(() => {
    if (!signedIn) void startupCheck.run();
  }, [holdsToken, signedIn]);
}

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
 *
 * `needsState`: the page shown reads the signed-in/signed-out decision (a guard, an account
 * page). A visitor holding no token on a page that does not (the marketing site) gets no check
 * and no store change at all: UNKNOWN renders those pages exactly as SIGNED_OUT does. The check
 * runs as soon as a token appears or such a page opens (without a token, in the next task).
 */
export function useAuthStartup(location: LocationLike, { needsState = true }: { needsState?: boolean } = {}): void {
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
  const decide = holdsToken || needsState;
  useEffect(() => {
    if (signedIn || !decide) return;
    if (holdsToken) {
      void startupCheck.run();
      return;
    }
    // No token: the check only turns UNKNOWN into SIGNED_OUT. Its re-render of every subscriber gets
    // a task of its own instead of lengthening the effects flush of the first render (a long task).
    const timer = setTimeout(() => void startupCheck.run(), 0);
    return () => clearTimeout(timer);
  }, [holdsToken, signedIn, decide]);
}

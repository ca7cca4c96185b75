import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@kloof/ui';
import { authStore } from '../store';
import { useAuth } from '../use-auth';
import { pathBefore } from '../origin';
import { returnPath } from './return-path';

/**
 * Visitors only: a signed-in user goes where the sign-in page asked (`landing`),
 * else back where they came from, else / (never /user/logout). Spinner while UNKNOWN.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { state, landing, unconfirmed } = useAuth();
  const location = useLocation();
  const signedIn = state === 'SIGNED_IN';
  // The landing is used once: forgotten when this guard leaves the screen after redirecting
  // (clearing it earlier would retarget the <Navigate> below).
  useEffect(() => {
    if (!signedIn) return;
    return () => authStore.clearLanding();
  }, [signedIn]);
  // Unconfirmed for want of a network: whether this is a guest cannot be known; the page is harmless.
  if (state === 'UNKNOWN') return unconfirmed ? children : <Spinner label="Checking your session" />;
  if (signedIn) return <Navigate to={landing ?? returnPath(location.state, pathBefore(location))} replace />;
  return children;
}

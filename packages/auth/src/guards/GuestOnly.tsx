import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@kloof/ui';
import { knownUser } from '../known-user';
import { authStore } from '../store';
import { useAuth } from '../use-auth';
import { pathBefore } from '../origin';
import { returnPath } from './return-path';

const never = () => () => undefined;

/**
 * Visitors only: a signed-in user goes where the sign-in page asked (`landing`),
 * else back where they came from, else / (never /user/logout). Spinner while UNKNOWN, except on a
 * page that arrived prerendered to a browser with no confirmed user: its form stays usable while
 * the session is checked.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { state, landing, unconfirmed } = useAuth();
  // True on the server and while hydrating prerendered HTML, which shows the page as a visitor's.
  const fromHtml = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  const [arrivedAsHtml] = useState(fromHtml);
  const location = useLocation();
  const signedIn = state === 'SIGNED_IN';
  // The landing is used once: forgotten when this guard leaves the screen after redirecting
  // (clearing it earlier would retarget the <Navigate> below).
  useEffect(() => {
    if (!signedIn) return;
    return () => authStore.clearLanding();
  }, [signedIn]);
  if (fromHtml) return children;
  // Unconfirmed for want of a network: whether this is a guest cannot be known; the page is harmless.
  // A prerendered form stays while a browser that holds no confirmed user is checked (no flicker,
  // nothing typed is lost); one that does holds a session to check first.
  const keep = unconfirmed || (arrivedAsHtml && !knownUser.get());
  if (state === 'UNKNOWN') return keep ? children : <Spinner label="Checking your session" />;
  if (signedIn) return <Navigate to={landing ?? returnPath(location.state, pathBefore(location))} replace />;
  return children;
}

import { useEffect, useSyncExternalStore } from 'react';
import type { AuthState } from '@kloof/auth';

/**
 * Set on the root element by index.html's inline script, before the first paint, when this
 * browser holds a confirmed user (the auth store's `kloof-session-user`): the account links of
 * prerendered HTML show 'Go to Dashboard' from the first frame instead of 'Login' and 'Sign Up'.
 */
export const SIGNED_IN_HINT = 'data-signed-in';

const never = () => () => undefined;

/**
 * The auth state the account links show, or null while it is not known: on the server, while
 * hydrating (both sets of links are in the HTML, the hint picks one) and while the startup check
 * runs. Hydration renders exactly what the server did.
 */
export function useShownAuthState(state: AuthState): 'SIGNED_IN' | 'SIGNED_OUT' | null {
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const known = hydrated && state !== 'UNKNOWN' ? state : null;
  useEffect(() => {
    // Kept in step with the store, so a later wait (a re-check) shows the last known answer.
    if (known) document.documentElement.toggleAttribute(SIGNED_IN_HINT, known === 'SIGNED_IN');
  }, [known]);
  return known;
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut, useAuth } from '@kloof/auth';

/**
 * Logout page: with a user in SIGNED_IN, log out; with no user in SIGNED_OUT or
 * UNKNOWN, stop loading and go to /auth/login. Returns whether it is still loading.
 */
export function useLogout(): boolean {
  const { user, state } = useAuth();
  const navigate = useNavigate();
  const done = !user && (state === 'SIGNED_OUT' || state === 'UNKNOWN');

  useEffect(() => {
    if (user && state === 'SIGNED_IN') {
      void signOut();
    } else if (done) {
      navigate('/auth/login', { replace: true });
    }
  }, [user, state, done, navigate]);

  return !done;
}

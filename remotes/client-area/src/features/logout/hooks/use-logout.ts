import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut, useAuth } from '@kloof/auth';

/**
 * Logout page: a session held here is ended (a signed-in user, or tokens whose check has not
 * answered yet: opened as a fresh page, /user/logout renders while the start-up check runs, and
 * going to sign-in first left the session to be confirmed behind it); with no user and no tokens,
 * in SIGNED_OUT or UNKNOWN, stop loading and go to /auth/login. Returns whether it is still loading.
 */
export function useLogout(): boolean {
  const { user, state, accessToken, refreshToken } = useAuth();
  const navigate = useNavigate();
  const holdsSession = Boolean(accessToken || refreshToken) || (user !== null && state === 'SIGNED_IN');
  const done = !holdsSession && (state === 'SIGNED_OUT' || state === 'UNKNOWN');

  useEffect(() => {
    if (holdsSession) {
      void signOut();
    } else if (done) {
      navigate('/auth/login', { replace: true });
    }
  }, [holdsSession, done, navigate]);

  return !done;
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@kloof/ui';
import { useAuth } from '../use-auth';
import { SessionUnconfirmed } from './SessionUnconfirmed';

interface Props {
  children: ReactNode;
  /** At least one of these roles; empty or missing means any signed-in user. */
  roles?: readonly string[];
  /** Require a verified account (the signed-in group does). */
  verified?: boolean;
}

/** The decision of the authenticated guard (sign-in, spinner, /unauthorized, verification or the page), apart from rendering. */
export function authDecision(
  session: ReturnType<typeof useAuth>,
  { roles = [], verified = false }: Omit<Props, 'children'>,
): 'login' | 'wait' | 'unconfirmed' | 'unauthorized' | 'verify' | 'allow' {
  const { state, user, isCheckingAuth, accessToken, refreshToken } = session;
  if ((!accessToken && !refreshToken) || state === 'SIGNED_OUT') return 'login';
  // Tokens held but the API was out of reach and no user is known: not a sign-out.
  if (state === 'UNKNOWN' && session.unconfirmed && !isCheckingAuth) return 'unconfirmed';
  // The check again of a session kept offline leaves the page up: what the user typed stays.
  const recheckingKept = isCheckingAuth && state === 'SIGNED_IN' && session.unconfirmed;
  if (state === 'UNKNOWN' || !user || (isCheckingAuth && !recheckingKept)) return 'wait';
  if (roles.length > 0 && !roles.some((role) => user.roles.includes(role))) return 'unauthorized';
  if (verified && !user.verified) return 'verify';
  return 'allow';
}

/** Signed-in users only, optionally with a role and a verified account; remembers the origin. */
export function RequireAuth({ children, ...rules }: Props) {
  const session = useAuth();
  const location = useLocation();
  switch (authDecision(session, rules)) {
    case 'login':
      return <Navigate to="/auth/login" replace state={{ from: location }} />;
    case 'wait':
      // The spec's loading spinner (role=status, labelled), inside the shell already drawn.
      return <Spinner label="Checking your session" />;
    case 'unconfirmed':
      return <SessionUnconfirmed />;
    case 'unauthorized':
      return <Navigate to="/unauthorized" replace />;
    case 'verify':
      return <Navigate to="/auth/resend-verification" replace state={{ from: location }} />;
    case 'allow':
      return children;
  }
}

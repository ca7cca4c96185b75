import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@kloof/ui';
import { useAuth } from '../use-auth';

interface Props {
  children: ReactNode;
  /** At least one of these roles; empty or missing means any signed-in user. */
  roles?: readonly string[];
  verified?: boolean;
}

/** Signed-in users only, optionally with a role and a verified account (spec points 2 and 6). */
export function RequireAuth({ children, roles = [], verified = false }: Props) {
  const { state, user, isCheckingAuth, accessToken, refreshToken } = useAuth();
  const location = useLocation();
  if ((!accessToken && !refreshToken) || state === 'SIGNED_OUT') {
    return <Navigate to="/auth/login" replace state={{ from: location }} />;
  }
  if (state === 'UNKNOWN' || !user || isCheckingAuth) return <Spinner label="Checking your session" />;
  if (roles.length > 0 && !roles.some((role) => user.roles.includes(role))) {
    return <Navigate to="/unauthorized" replace />;
  }
  if (verified && !user.verified) return <Navigate to="/auth/resend-verification" replace />;
  return children;
}

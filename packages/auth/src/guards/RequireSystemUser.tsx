import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '@kloof/ui';
import { useAuth } from '../use-auth';
import { useSystemUser } from '../system-users';
import { AccessDenied } from './AccessDenied';
import { SessionUnconfirmed } from './SessionUnconfirmed';

/**
 * System users only: spinner while checking, / when signed out, else Access Denied. `roles`: a
 * verified user holding any of them is let in too.
 */
export function RequireSystemUser({ children, roles }: { children: ReactNode; roles?: readonly string[] }) {
  const { state, user, isCheckingAuth, unconfirmed } = useAuth();
  const member = useSystemUser();
  if (state === 'SIGNED_OUT') return <Navigate to="/" replace />;
  if (state === 'UNKNOWN' && unconfirmed && !isCheckingAuth) return <SessionUnconfirmed />;
  if (state === 'SIGNED_IN' && user?.verified && roles?.some((role) => user.roles.includes(role))) return children;
  if (state === 'UNKNOWN' || isCheckingAuth || !user || member === null) {
    return <Spinner label="Checking access" />;
  }
  if (!member) return <AccessDenied />;
  return children;
}

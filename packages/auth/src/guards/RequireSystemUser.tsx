import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '@kloof/ui';
import { useAuth } from '../use-auth';
import { fetchSystemUsers, isSystemUser } from '../system-users';
import { AccessDenied } from './AccessDenied';

/** System users only (spec point 2): spinner while checking, / when signed out, else Access Denied. */
export function RequireSystemUser({ children }: { children: ReactNode }) {
  const { state, user, isCheckingAuth } = useAuth();
  const [systemUsers, setSystemUsers] = useState<readonly string[] | null>(null);

  useEffect(() => {
    if (state !== 'SIGNED_IN') return;
    let active = true;
    void fetchSystemUsers().then((list) => {
      if (active) setSystemUsers(list);
    });
    return () => {
      active = false;
    };
  }, [state]);

  if (state === 'SIGNED_OUT') return <Navigate to="/" replace />;
  if (state === 'UNKNOWN' || isCheckingAuth || !user || systemUsers === null) {
    return <Spinner label="Checking access" />;
  }
  if (!isSystemUser(user.email, systemUsers)) return <AccessDenied />;
  return children;
}

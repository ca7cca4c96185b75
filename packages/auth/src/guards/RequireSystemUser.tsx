import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '@kloof/ui';
import { useAuth } from '../use-auth';
import { fetchSystemUsers } from '../system-users';
import { AccessDenied } from './AccessDenied';

/** System users only: membership is the user's email in the system-users list. */
export function RequireSystemUser({ children }: { children: ReactNode }) {
  const { state, user, isCheckingAuth } = useAuth();
  const [systemUsers, setSystemUsers] = useState<readonly string[] | null>(null);

  useEffect(() => {
    if (state !== 'SIGNED_IN') return;
    let active = true;
    void fetchSystemUsers().then((list) => active && setSystemUsers(list));
    return () => {
      active = false;
    };
  }, [state]);

  if (state === 'SIGNED_OUT') return <Navigate to="/" replace />;
  if (state === 'UNKNOWN' || isCheckingAuth || !user || systemUsers === null) {
    return <Spinner label="Checking access" />;
  }
  if (!systemUsers.includes(user.email)) return <AccessDenied />;
  return children;
}

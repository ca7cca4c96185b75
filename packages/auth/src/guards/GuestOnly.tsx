import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@kloof/ui';
import { useAuth } from '../use-auth';
import { returnPath } from './return-path';

/** Visitors only: a signed-in user goes back where they came from, or to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state === 'UNKNOWN') return <Spinner label="Checking your session" />;
  if (state === 'SIGNED_IN') return <Navigate to={returnPath(location.state)} replace />;
  return children;
}

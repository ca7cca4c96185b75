import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { isSecondFactorRequired, securitySettingsApi } from '@kloof/api-client';
import { PageSkeleton, useResource } from '@kloof/ui';

/** Where an admin without the required second factor is sent: the Security section, opened at set-up. */
export const ENROL_PATH = '/user/settings?enrol=second-factor';

/**
 * Wraps every admin page: while a SuperAdmin requires a second factor and this admin has none,
 * the API answers no admin route, so the page sends them to set one up instead of failing piece
 * by piece. Any other failure leaves the page to show its own.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const check = useResource(() => securitySettingsApi.get(), []);
  if (check.loading && !check.data && !check.error) return <PageSkeleton />;
  if (check.error && isSecondFactorRequired(check.error)) return <Navigate to={ENROL_PATH} replace />;
  return <>{children}</>;
}

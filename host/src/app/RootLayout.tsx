import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { RouteError } from './RouteError';

/**
 * Everything every page shares: scroll to top on each path change, and the last-resort error
 * screen, reset by the next navigation.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  // Block body on purpose: Chromium's scrollTo returns a promise, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <ErrorBoundary key={pathname} label="Route" fallback={<RouteError />}>
      <Outlet />
    </ErrorBoundary>
  );
}

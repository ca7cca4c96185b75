import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { RouteError } from './RouteError';
import { RouteFocus } from '../layouts/RouteFocus';

/**
 * Everything every page shares: scroll to top on each path change, and the last-resort error
 * screen, reset by the next navigation.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  // Block body on purpose: Chromium's scrollTo returns a promise, which React would take for a cleanup.
  useEffect(() => {
    // Back and Forward too: the browser's own restoration would put the old position back after this.
    window.history.scrollRestoration = 'manual';
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <RouteFocus />
      <ErrorBoundary key={pathname} label="Route" fallback={<RouteError />}>
        <Outlet />
      </ErrorBoundary>
    </>
  );
}

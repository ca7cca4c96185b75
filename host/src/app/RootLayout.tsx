import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

/** Everything every page shares: scroll to top on each path change. */
export function RootLayout() {
  const { pathname } = useLocation();
  // Block body on purpose: Chromium's scrollTo returns a promise, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}

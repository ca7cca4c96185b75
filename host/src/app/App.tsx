import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { useAuthStartup } from '@kloof/auth';
import { AppToaster, GlobalStyles, ThemeProvider } from '@kloof/ui';
import { AppRoutes } from './router';
import { RequestProgress } from './RequestProgress';
import { installLinkPreload } from '../routes/link-preload';
import { pageRoutes } from '../routes/route-table';

/** Start-up auth check (at most 2 runs, settings included), cross-tab sync, origin tracking. */
function AuthStartup() {
  useAuthStartup(useLocation());
  return null;
}

/** The host's React tree: theme, toasts, request progress and the router. */
export function App() {
  // Remote pages start downloading on link intent, when the user's guard would let them in.
  useEffect(() => {
    return installLinkPreload(pageRoutes);
  }, []);
  return (
    <ThemeProvider>
      <GlobalStyles />
      <RequestProgress />
      <BrowserRouter>
        <AuthStartup />
        <AppRoutes />
      </BrowserRouter>
      <AppToaster />
    </ThemeProvider>
  );
}

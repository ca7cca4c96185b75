import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useAuthStartup } from '@kloof/auth';
import { AppToaster, GlobalStyles, ThemeProvider } from '@kloof/ui';
import { createRouter } from './router';
import { RequestProgress } from './RequestProgress';
import { installLinkPreload } from '../routes/link-preload';
import { pageRoutes } from '../routes/route-table';

/** The host's React tree: theme, toasts, request progress and the router. */
export function App() {
  const [router] = useState(createRouter);
  // Start-up auth check (at most 2 runs, settings included), cross-tab sync, origin tracking.
  useAuthStartup(router);
  // Remote pages start downloading on link intent, when the user's guard would let them in.
  useEffect(() => {
    return installLinkPreload(pageRoutes);
  }, []);
  return (
    <ThemeProvider>
      <GlobalStyles />
      <RequestProgress />
      <RouterProvider router={router} />
      <AppToaster />
    </ThemeProvider>
  );
}

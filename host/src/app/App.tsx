import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { checkAuth } from '@kloof/auth';
import { AppToaster, GlobalStyles, ThemeProvider } from '@kloof/ui';
import { createRouter } from './router';
import { RequestProgress } from './RequestProgress';

/** The host's React tree: theme, toasts, request progress and the router. */
export function App() {
  const [router] = useState(createRouter);
  useEffect(() => {
    void checkAuth();
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

import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { pageRoutes, paths, redirects } from '../routes/route-table';
import { RoutePage } from '../routes/RoutePage';
import type { Layout } from '../routes/route-types';
import { PublicLayout } from '../layouts/public/PublicLayout';
import { loadAppShell } from '../layouts/shell/load-app-shell';
import { ShellSkeleton } from '../layouts/shell/ShellSkeleton';
import { NotFound } from '../pages/NotFound';
import { Unauthorized } from '../pages/Unauthorized';
import { RootLayout } from './RootLayout';

// Signed-in users only: visitors of the public site never download the shell or its icons.
const AppShell = lazy(() => loadAppShell().then(({ AppShell }) => ({ default: AppShell })));

function pagesOf(layout: Layout): RouteObject[] {
  return pageRoutes
    .filter((route) => route.layout === layout)
    .map((route) => ({ path: route.path, element: <RoutePage route={route} /> }));
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...redirects.map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
      {
        element: <PublicLayout />,
        children: [
          ...pagesOf('public'),
          { path: paths.unauthorized, element: <Unauthorized /> },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: (
          <Suspense fallback={<ShellSkeleton />}>
            <AppShell />
          </Suspense>
        ),
        children: pagesOf('shell'),
      },
    ],
  },
];

/**
 * The product's routes. A declarative router: the product uses no loaders, actions or fetchers,
 * and React Router's data router would cost every visitor ~16 KB gzip more.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { pageRoutes, redirects } from '../routes/route-table';
import { RoutePage } from '../routes/RoutePage';
import { PublicLayout } from '../layouts/public/PublicLayout';
import { NotFound } from '../pages/NotFound';
import { Unauthorized } from '../pages/Unauthorized';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

function pagesOf(layout: 'public' | 'shell'): RouteObject[] {
  return pageRoutes
    .filter((route) => route.layout === layout)
    .map((route) => ({ path: route.path, element: <RoutePage route={route} /> }));
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...redirects.map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
      {
        element: <PublicLayout />,
        children: [
          ...pagesOf('public'),
          { path: '/unauthorized', element: <Unauthorized /> },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        // Signed-in users only: visitors of the public site never download the shell.
        lazy: () => import('../layouts/shell/AppShell').then(({ AppShell }) => ({ Component: AppShell })),
        children: pagesOf('shell'),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

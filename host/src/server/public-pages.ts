import type { PageMeta, PageRoute } from '../routes/route-types';
import { pageRoutes } from '../routes/route-table';
import { notFoundMeta } from '../pages/NotFound';
import { unauthorizedMeta } from '../pages/Unauthorized';

/** One page the release prerenders: its path, the status it is served with and its meta. */
export interface PublicPage {
  path: string;
  /** The file name it is stored under in the release (`index.html` for `/`). */
  file: string;
  status: 200 | 404;
  meta: PageMeta;
  /** The remote page it shows, if any (host pages have none). */
  route?: PageRoute;
}

/** The path the not-found page is rendered at: no route matches it, as for any unknown path. */
export const NOT_FOUND_PATH = '/404';

function fileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/**
 * Every page a visitor sees the same whoever they are: the marketing pages, the access denied
 * page and the not-found page. Guest-only and signed-in pages depend on the visitor, so they
 * stay client-rendered.
 */
export function publicPages(routes: readonly PageRoute[] = pageRoutes): PublicPage[] {
  const pages: PublicPage[] = routes
    .filter((route) => route.guard.kind === 'public' && route.layout === 'public' && route.remote === 'marketing')
    .map((route) => ({ path: route.path, file: fileOf(route.path), status: 200, meta: route.meta, route }));
  return [
    ...pages,
    {
      path: '/unauthorized',
      file: fileOf('/unauthorized'),
      status: 200,
      meta: { ...unauthorizedMeta, ogType: 'website' },
    },
    { path: NOT_FOUND_PATH, file: '404.html', status: 404, meta: { ...notFoundMeta, ogType: 'website' } },
  ];
}

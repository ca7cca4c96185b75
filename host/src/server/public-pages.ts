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
  /** Its forms send only through the app: without script it says so instead (the auth pages). */
  needsJavaScript?: boolean;
}

/** The path the not-found page is rendered at: no route matches it, as for any unknown path. */
export const NOT_FOUND_PATH = '/404';

function fileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** The remotes whose pages are prerendered (each with the host, into a folder of its own). */
export type PageRemote = 'marketing' | 'auth';

/**
 * The pages of one remote as a first-time visitor sees them: every page of the public layout that
 * a visitor may open (public or guest-only) and whose path has no parameters. Marketing also
 * brings the host's access denied and not-found pages. Signed-in pages stay client-rendered.
 */
export function publicPages(remote: PageRemote = 'marketing', routes: readonly PageRoute[] = pageRoutes): PublicPage[] {
  const pages: PublicPage[] = routes
    .filter(
      (route) =>
        (route.guard.kind === 'public' || route.guard.kind === 'guest') &&
        route.layout === 'public' &&
        route.remote === remote &&
        !route.path.includes(':'),
    )
    .map((route) => ({
      path: route.path,
      file: fileOf(route.path),
      status: 200 as const,
      meta: route.meta,
      route,
      needsJavaScript: remote === 'auth',
    }));
  if (remote !== 'marketing') return pages;
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

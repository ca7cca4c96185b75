import { RemotePage } from '../federation/RemotePage';
import { RouteGuard } from './RouteGuard';
import { usePageMeta } from './page-meta';
import type { PageRoute } from './route-types';

/** One route: meta first, then the guard, then (only if allowed) the remote page. */
export function RoutePage({ route }: { route: PageRoute }) {
  usePageMeta(route.meta);
  return (
    <RouteGuard spec={route.guard}>
      <RemotePage remote={route.remote} module={route.module} />
    </RouteGuard>
  );
}

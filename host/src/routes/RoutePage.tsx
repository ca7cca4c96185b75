import { useEffect } from 'react';
import { RemotePage } from '../federation/RemotePage';
import { RouteGuard } from './RouteGuard';
import { applyPageMeta } from './page-meta';
import type { PageRoute } from './route-types';

/** One route: meta first, then the guard, then (only if allowed) the remote page. */
export function RoutePage({ route }: { route: PageRoute }) {
  useEffect(() => {
    applyPageMeta(route.meta);
  }, [route]);
  return (
    <RouteGuard spec={route.guard}>
      <RemotePage remote={route.remote} module={route.module} />
    </RouteGuard>
  );
}

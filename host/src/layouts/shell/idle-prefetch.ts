import { useEffect } from 'react';
import type { AuthSession } from '@kloof/auth';
import { remoteId } from '../../federation/remote-id';
import { preloadPage } from '../../federation/remote-module';
import { mayPreload } from '../../routes/may-open';
import { routeAt } from '../../routes/route-table';
import type { SidebarItem } from './sidebar-items';

/** The remote pages behind sidebar items that this session may open now, each once. */
export function pagesToPrefetch(items: readonly SidebarItem[], session: AuthSession): string[] {
  const routes = items.map((item) => routeAt(item.link)).filter((route) => mayPreload(route.guard, session));
  return [...new Set(routes.map((route) => remoteId(route.remote, route.module)))];
}

/** How long the browser may put the prefetch off at most while it stays busy. */
const IDLE_TIMEOUT_MS = 4000;

/**
 * Once the shell's page is shown and the browser is idle, downloads the pages its sidebar leads
 * to (the likely next ones: another remote is then already in memory, so a click switches
 * without a download). Skipped when the user asked to save data; only pages the guard lets in.
 */
export function useIdlePrefetch(items: readonly SidebarItem[], session: AuthSession): void {
  const ids = session.state === 'SIGNED_IN' ? pagesToPrefetch(items, session) : [];
  const key = ids.join(' ');
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    if (!key || connection?.saveData) return;
    const run = () => {
      for (const id of key.split(' ')) preloadPage(id);
    };
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(run, 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }, [key]);
}

import { matchPath } from 'react-router-dom';
import { authStore } from '@kloof/auth';
import { remoteId } from '../federation/remote-id';
import { preloadPage } from '../federation/remote-module';
import { mayPreload } from './may-open';
import type { PageRoute } from './route-types';

/** The page route a same-origin link leads to, if any. */
export function routeForHref(href: string, routes: readonly PageRoute[]): PageRoute | undefined {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  return routes.find((route) => matchPath(route.path, url.pathname));
}

/**
 * Preloads a remote page on link intent (pointer over, focus, touch), so the click finds it
 * downloaded. Returns the function that stops listening.
 */
export function installLinkPreload(routes: readonly PageRoute[]): () => void {
  const done = new Set<string>();
  const onIntent = (event: Event): void => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const route = routeForHref(link.href, routes);
    if (!route || !mayPreload(route.guard, authStore.getSession())) return;
    const id = remoteId(route.remote, route.module);
    if (done.has(id)) return;
    done.add(id);
    preloadPage(id);
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) document.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of events) document.removeEventListener(type, onIntent);
  };
}

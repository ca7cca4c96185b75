import { lazy, type LazyExoticComponent } from 'react';
import { importPage, type PageComponent } from './page-import';

const cache = new Map<string, LazyExoticComponent<PageComponent>>();

/**
 * A lazy component for one remote page. `attempt` makes a fresh lazy after a failure,
 * because React keeps a rejected lazy rejected forever.
 */
export function remotePage(id: string, attempt: number): LazyExoticComponent<PageComponent> {
  const key = `${id}#${attempt}`;
  let page = cache.get(key);
  if (!page) {
    page = lazy(() => importPage(id));
    cache.set(key, page);
  }
  return page;
}

/** Starts downloading a page before it is shown (link intent). Failures surface on render. */
export function preloadPage(id: string): void {
  void importPage(id).catch(() => undefined);
}

import type { PageComponent } from './page-import';

/** Remote pages already downloaded, so their first render needs no Suspense round. */
const loaded = new Map<string, PageComponent>();

export function rememberPage(id: string, page: PageComponent): void {
  loaded.set(id, page);
}

export function loadedPage(id: string): PageComponent | undefined {
  return loaded.get(id);
}

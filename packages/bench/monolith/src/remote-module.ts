import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageComponent = ComponentType<Record<string, never>>;
type PageModule = { default: PageComponent };

/** Every remote's pages folder, each page its own lazy chunk, as in the federated build. */
const pageFolders: Record<string, (request: string) => Promise<PageModule>> = {
  marketing: (request) =>
    import.meta.webpackContext('@remote/marketing', { regExp: /^\.\/[A-Z]\w*\.tsx$/, mode: 'lazy' })(
      request,
    ) as Promise<PageModule>,
  auth: (request) =>
    import.meta.webpackContext('@remote/auth', { regExp: /^\.\/[A-Z]\w*\.tsx$/, mode: 'lazy' })(
      request,
    ) as Promise<PageModule>,
  clientArea: (request) =>
    import.meta.webpackContext('@remote/clientArea', { regExp: /^\.\/[A-Z]\w*\.tsx$/, mode: 'lazy' })(
      request,
    ) as Promise<PageModule>,
  admin: (request) =>
    import.meta.webpackContext('@remote/admin', { regExp: /^\.\/[A-Z]\w*\.tsx$/, mode: 'lazy' })(
      request,
    ) as Promise<PageModule>,
};

const cache = new Map<string, LazyExoticComponent<PageComponent>>();

export function remoteId(remote: string, module: string): string {
  return `${remote}/${module.replace(/^\.\//, '')}`;
}

function importPage(id: string): Promise<PageModule> {
  const [remote, page] = id.split('/') as [string, string];
  const load = pageFolders[remote];
  if (!load) throw new Error(`Unknown remote ${remote}`);
  return load(`./${page}.tsx`);
}

export function remotePage(id: string, attempt: number): LazyExoticComponent<PageComponent> {
  const key = `${id}#${attempt}`;
  let page = cache.get(key);
  if (!page) {
    page = lazy(() => importPage(id));
    cache.set(key, page);
  }
  return page;
}

export function preloadPage(id: string): void {
  void importPage(id).catch(() => undefined);
}

import type { ComponentType } from 'react';

export type PageComponent = ComponentType<Record<string, never>>;
type PageModule = { default: PageComponent };

const pagePattern = /^\.\/[A-Z]\w*\.tsx$/;

/** Every remote's pages folder, each page its own lazy chunk, as in the federated build. */
const pageFolders: Record<string, (request: string) => Promise<PageModule>> = {
  marketing: (request) =>
    import.meta.webpackContext('@remote/marketing', {
      recursive: false,
      regExp: pagePattern,
      exclude: /\.test\./,
      mode: 'lazy',
    })(request) as Promise<PageModule>,
  auth: (request) =>
    import.meta.webpackContext('@remote/auth', {
      recursive: false,
      regExp: pagePattern,
      exclude: /\.test\./,
      mode: 'lazy',
    })(request) as Promise<PageModule>,
  clientArea: (request) =>
    import.meta.webpackContext('@remote/clientArea', {
      recursive: false,
      regExp: pagePattern,
      exclude: /\.test\./,
      mode: 'lazy',
    })(request) as Promise<PageModule>,
  admin: (request) =>
    import.meta.webpackContext('@remote/admin', {
      recursive: false,
      regExp: pagePattern,
      exclude: /\.test\./,
      mode: 'lazy',
    })(request) as Promise<PageModule>,
};

/** The monolith's page import: the page's own chunk instead of the federation runtime. */
export function importPage(id: string): Promise<PageModule> {
  const [remote, page] = id.split('/') as [string, string];
  const load = pageFolders[remote];
  if (!load) throw new Error(`Unknown remote ${remote}`);
  return load(`./${page}.tsx`);
}

import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { StandaloneApp, type PageLoaders } from './StandaloneApp';

/** The part of a lazy `import.meta.webpackContext` the harness uses. */
interface WebpackContext {
  keys(): string[];
  (id: string): unknown;
}

/** Page loaders from a `import.meta.webpackContext('./pages', { mode: 'lazy' })` of the remote. */
export function loadersFromContext(context: WebpackContext): PageLoaders {
  return Object.fromEntries(
    context
      .keys()
      .filter((key) => key.startsWith('./'))
      .map((key) => [
        key.replace(/^\.\//, '').replace(/\.tsx?$/, ''),
        () => context(key) as Promise<{ default: ComponentType }>,
      ]),
  );
}

/** Renders a remote's pages into #root for local work by that remote's team; the root unmounts it. */
export function runStandalone(remote: string, loaders: PageLoaders): Root {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);
  root.render(<StandaloneApp remote={remote} loaders={loaders} />);
  return root;
}

// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';
import { HASH_LENGTH } from '@kloof/apps/cache-contract';
import { buildEnvironment } from './settings.js';
import { swcRules } from './swc-rules.js';

/**
 * Production builds emit no source maps (they would publish the original source). SOURCE_MAPS=hidden
 * emits them beside the bundles for an error tracker to upload, without a `sourceMappingURL` in the
 * bundles; the production server never serves `.map` files either way.
 * @param {boolean} dev
 * @param {string | undefined} [sourceMaps]
 * @returns {import('@rspack/core').Configuration['devtool']}
 */
export function devtoolFor(dev, sourceMaps = buildEnvironment().sourceMaps) {
  if (dev) return 'eval-cheap-module-source-map';
  return sourceMaps === 'hidden' ? 'hidden-source-map' : false;
}

/**
 * React Router 7's package exports name only its development build, warnings and checks included,
 * for every bundler (remix-run/react-router#14102, open); the production build ships beside it.
 * Production bundles take that one, for both entry points `react-router-dom` imports.
 * @param {string} dir the app's folder (React Router resolved as the app resolves it)
 * @returns {Record<string, string>}
 */
export function reactRouterProductionAlias(dir) {
  const fromDom = createRequire(createRequire(path.join(dir, 'package.json')).resolve('react-router-dom'));
  const production = path.join(path.dirname(fromDom.resolve('react-router/package.json')), 'dist', 'production');
  return {
    'react-router$': path.join(production, 'index.mjs'),
    'react-router/dom$': path.join(production, 'dom-export.mjs'),
  };
}

/**
 * What every browser build of the product has in common, federated or not: entry, hashed
 * output, TypeScript/JSX rules, stable ids. The app factory adds Module Federation;
 * the benchmark's monolith build uses it as is.
 * @param {{ dir: string, srcDirs: string[], dev: boolean, refresh: boolean, publicPath: string, uniqueName: string, outDir?: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function webConfig({ dir, srcDirs, dev, refresh, publicPath, uniqueName, outDir = path.join(dir, 'dist') }) {
  return {
    mode: dev ? 'development' : 'production',
    context: dir,
    entry: { main: './src/index.ts' },
    target: 'web',
    devtool: devtoolFor(dev),
    output: {
      path: outDir,
      // The host is served at the site root for every path (SPA); remotes resolve their own
      // location from their manifest URL.
      publicPath,
      uniqueName,
      // A dev server (hot updates) keeps its output in memory, where cleaning removed the last build's
      // hot update files while a page was still fetching them: two saves in quick succession reloaded it.
      clean: !refresh,
      filename: dev ? '[name].js' : `[name].[contenthash:${HASH_LENGTH}].js`,
      chunkFilename: dev ? '[name].js' : `[name].[contenthash:${HASH_LENGTH}].js`,
      assetModuleFilename: `assets/[name].[contenthash:${HASH_LENGTH}][ext]`,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'], alias: dev ? {} : reactRouterProductionAlias(dir) },
    module: { rules: swcRules({ srcDirs, refresh }) },
    optimization: {
      // Production: short ids that stay put from build to build (long-term caching). Under the dev
      // servers an edit that adds modules (a new import) changes the module count while a page is
      // open; deterministic ids then widen their range and renumber modules the page already runs,
      // which rejects the hot update ("Aborted because 87 is not accepted"). Names never move.
      moduleIds: dev ? 'named' : 'deterministic',
      chunkIds: dev ? 'named' : 'deterministic',
      // Development builds ignore package side-effect flags: with them Rspack marks the federation
      // runtime's CommonJS helpers unused and the dev server fails (`__exportAll is not a function`).
      ...(dev ? { sideEffects: false } : {}),
    },
    // The Rspack CLI compiles dynamic imports on first use by default. With Module Federation that
    // breaks pages: the share scope is set up from the first build, whose shared-module factories
    // name chunks (e.g. the react + react-dom consume chunk of react-router-dom); the on-demand build
    // regroups those chunks and the hot update swaps in a chunk loader that no longer knows the old
    // names, so a factory called after it fetches a chunk that is gone (404) and the page stays blank.
    // Whether the page set up sharing before or after that update is a race a busy laptop loses.
    lazyCompilation: false,
    performance: { hints: false },
  };
}

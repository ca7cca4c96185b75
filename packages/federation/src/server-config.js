// @ts-check
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedVersions } from '@kloof/apps/shared';
import { swcRules } from './swc-rules.js';

const require = createRequire(import.meta.url);

/** Where an app's server build goes: beside its browser build, so a release stores both. */
export const SERVER_DIR = 'server';

/**
 * The same singletons as the browser builds, without the browser's tree shaking: a server
 * build is never downloaded, and the full builds hold what React's server renderer needs.
 * @returns {Record<string, { singleton: true, requiredVersion: string, strictVersion: false }>}
 */
export function serverSharedSingletons() {
  return Object.fromEntries(
    Object.entries(sharedVersions).map(([name, requiredVersion]) => [
      name,
      { singleton: true, requiredVersion, strictVersion: false },
    ]),
  );
}

/**
 * Marks the server build's folder as CommonJS: the apps' package.json (and the releases folder's)
 * say `"type": "module"`, under which Node would read the `.js` chunks as ES modules.
 */
class CommonJsFolderPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CommonJsFolderPlugin', (compilation) => {
      compilation.hooks.processAssets.tap('CommonJsFolderPlugin', () => {
        compilation.emitAsset('package.json', new rspack.sources.RawSource('{ "type": "commonjs" }\n'));
      });
    });
  }
}

/**
 * @typedef {object} ServerOptions
 * @property {{ name: string }} app  the app's entry in apps.js
 * @property {string} dir  absolute folder of the app
 * @property {Record<string, string>} [exposes]  remote only: the same pages as its browser build
 * @property {string} [entry]  host only (required there): absolute path of the module that exports the prerenderer
 */

/**
 * The Node build of one app for rendering on the server (issue 17): Module Federation's Node
 * runtime (`@module-federation/node`), CommonJS output for `async-node`. The host's build is an
 * entry (`dist/server/main.js`) that loads remotes at run time; a remote's build is a
 * `remoteEntry.js` the host's Node runtime fetches over HTTP, exactly as a browser would.
 * @param {ServerOptions} options
 * @returns {import('@rspack/core').Configuration}
 */
export function serverConfig({ app, dir, exposes, entry }) {
  const isHost = !exposes;
  if (isHost && !entry) throw new Error(`The server build of ${app.name} needs its entry (the prerenderer module).`);
  const outDir = path.join(dir, 'dist', SERVER_DIR);
  return {
    name: 'server',
    mode: 'production',
    context: dir,
    target: 'async-node',
    entry: isHost ? { main: /** @type {string} */ (entry) } : {},
    devtool: false,
    output: {
      path: outDir,
      publicPath: 'auto',
      uniqueName: `${app.name}_server`,
      clean: true,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      library: { type: 'commonjs-module' },
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
    module: { rules: swcRules({ srcDirs: [path.join(dir, 'src')], refresh: false }) },
    // Readable stacks when a prerender fails; the size of a server build costs no visitor anything.
    optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: app.name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes,
        remotes: isHost ? {} : undefined,
        library: { type: 'commonjs-module', name: app.name },
        remoteType: 'script',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        shared: serverSharedSingletons(),
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
        experiments: { optimization: { target: 'node' } },
      }),
      new CommonJsFolderPlugin(),
    ],
  };
}

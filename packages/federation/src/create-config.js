// @ts-check
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { loadedOnDemand } from '@kloof/apps/shared';
import { sharedSingletons } from './shared-singletons.js';
import { narrowedShared } from './narrowed-shared.js';
import { webConfig } from './web-config.js';
import { devServer } from './dev-server.js';
import { ServiceWorkerPlugin } from './service-worker.js';
import { EsmFederationRuntimePlugin } from './esm-runtime.js';
import { StartupPreloadPlugin } from './startup-preload.js';
import { PrecompressPlugin } from './precompress.js';
import { RoutesManifestPlugin } from './routes-manifest.js';
import { serverConfig } from './server-config.js';
import { RemoteModulesPlugin } from './remote-modules.js';
import { ApiContractFilePlugin } from './api-contract-file.js';
import { ManifestIntegrityPlugin, PinnedChunksPlugin } from './integrity.js';
import { buildEnvironment } from './settings.js';

/** Under the dev servers, every app's React Refresh uses the page's one runtime (see the file). */
const pageRefreshRuntime = path.join(import.meta.dirname, 'react-refresh-runtime.js');

/**
 * @typedef {object} AppOptions
 * @property {{ name: string, port: number }} app  the app's entry in apps.js
 * @property {string} dir  absolute folder of the app (import.meta.dirname of its config)
 * @property {Record<string, string>} [exposes]  remote only: module name -> source file
 * @property {string} template  absolute path of the HTML template (a remote's: the standalone harness page)
 * @property {string} [serviceWorker]  host only: absolute path of its service worker source (offline support)
 * @property {string} [routeTable]  host only: absolute path of its route table; its routePatterns() become
 *   routes.json (real 404s), what it loads from each remote remote-modules.json (the release gate)
 * @property {boolean} [server]  also build for the server (prerendered public pages, issue 17)
 * @property {string} [serverEntry]  host only, with `server`: absolute path of the module that exports the prerenderer
 */

/**
 * The Rspack config of one app: host (no exposes) or remote (exposes pages).
 * @param {AppOptions} options
 * @returns {(env: { RSPACK_SERVE?: boolean } | undefined, argv: { mode?: string }) => import('@rspack/core').Configuration | import('@rspack/core').Configuration[]}
 */
export function createAppConfig(options) {
  const { app, dir, exposes, template, serviceWorker, routeTable, server = false, serverEntry } = options;
  const isHost = !exposes;
  return (env, argv) => {
    const dev = (argv.mode ?? buildEnvironment().nodeEnv) !== 'production';
    const refresh = dev && Boolean(env?.RSPACK_SERVE);
    const web = browserConfig({ app, dir, exposes, template, serviceWorker, routeTable, isHost, dev, refresh });
    if (dev || !server) return web;
    // The server build runs after the browser build, whose clean step would otherwise remove it.
    return [
      { ...web, name: 'web' },
      { ...serverConfig({ app, dir, exposes, entry: serverEntry }), dependencies: ['web'] },
    ];
  };
}

/**
 * The browser build of one app.
 * @param {AppOptions & { isHost: boolean, dev: boolean, refresh: boolean }} options
 * @returns {import('@rspack/core').Configuration}
 */
function browserConfig({ app, dir, exposes, template, serviceWorker, routeTable, isHost, dev, refresh }) {
  // Production builds load every chunk with the SHA-384 their entry pins: a changed byte never
  // runs. The host loads a remote's entry with the hash the release registry pins; the host's own
  // entry and preloads carry theirs in index.html (served no-cache, the root of its pins).
  const pinned = !dev;
  const narrowed = narrowedShared(dir);
  const base = webConfig({
    dir,
    srcDirs: [path.join(dir, 'src')],
    dev,
    refresh,
    publicPath: isHost ? '/' : 'auto',
    uniqueName: app.name,
  });
  return {
    ...base,
    output: { ...base.output, ...(pinned ? { crossOriginLoading: 'anonymous' } : {}) },
    plugins: [
      new rspack.experiments.VirtualModulesPlugin(narrowed.modules),
      new rspack.HtmlRspackPlugin({
        template,
        chunks: ['main'],
        minify: !dev,
      }),
      new ModuleFederationPlugin({
        name: app.name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes,
        remotes: isHost ? {} : undefined,
        shared: sharedSingletons({ narrowed: narrowed.entries }),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // Production remotes use the federation runtime the host provides instead of a
        // copy each (~17 KB gzip less per remote). The dev server keeps its own copy so
        // a remote still runs standalone for its team. The host loads remotes by their entry
        // (no manifest reader in its runtime); remotes load no remotes (no remote loader).
        experiments: {
          ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: !dev }),
          optimization: { target: 'web', ...(isHost ? { disableSnapshot: true } : { disableRemote: true }) },
        },
      }),
      new EsmFederationRuntimePlugin(),
      isHost && new StartupPreloadPlugin({ onDemand: loadedOnDemand }),
      isHost && routeTable && new RemoteModulesPlugin({ routeTable }),
      refresh && new ReactRefreshRspackPlugin({ exclude: [/[\\/]node_modules[\\/]/, pageRefreshRuntime] }),
      refresh && new rspack.NormalModuleReplacementPlugin(/^react-refresh\/runtime$/, pageRefreshRuntime),
      // The API contract this build calls (the release gate checks the live API serves it).
      !dev && new ApiContractFilePlugin(),
      !dev && new PrecompressPlugin(),
      pinned && new PinnedChunksPlugin(),
      pinned && !isHost && new ManifestIntegrityPlugin(),
      // The host's offline support (issue 7): production builds only, never under the dev server.
      isHost && !dev && serviceWorker && new ServiceWorkerPlugin({ swSrc: serviceWorker }),
      // The host's route patterns for the production web server's 404s (issue 16).
      isHost && !dev && routeTable && new RoutesManifestPlugin({ source: routeTable }),
    ],
    devServer: devServer({ port: app.port, isHost }),
  };
}

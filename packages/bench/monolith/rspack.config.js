// @ts-check
// The yardstick: the host and every remote page bundled as ONE app, same sources and
// dependencies, no Module Federation. Only the two host modules that talk to the federation
// runtime are swapped: pages by direct dynamic imports (route-level code splitting is kept).
import fs from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { host, remotes } from '@kloof/apps/apps';
import { PrecompressPlugin, ServiceWorkerPlugin, webConfig } from '@kloof/federation';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const hostDir = path.join(repoRoot, host.dir);
const here = path.join(import.meta.dirname, 'src');

/** @type {import('@rspack/core').Configuration} */
const base = webConfig({
  dir: hostDir,
  srcDirs: [path.join(hostDir, 'src'), here, ...remotes.map((r) => path.join(repoRoot, r.dir, 'src'))],
  dev: false,
  refresh: false,
  publicPath: '/',
  uniqueName: 'monolith',
  outDir: path.join(import.meta.dirname, 'dist'),
});

export default {
  ...base,
  resolve: {
    ...base.resolve,
    // Remote pages resolve their dependencies from their own folders, as in their own builds.
    alias: {
      ...base.resolve?.alias,
      ...Object.fromEntries(remotes.map((r) => [`@remote/${r.name}`, path.join(repoRoot, r.dir, 'src', 'pages')])),
    },
  },
  plugins: [
    new rspack.HtmlRspackPlugin({
      template: path.join(hostDir, 'public', 'index.html'),
      chunks: ['main'],
      minify: true,
    }),
    // Only the two host modules that call the federation runtime are swapped.
    new rspack.NormalModuleReplacementPlugin(/(^|\/)page-import$/, path.join(here, 'page-import.ts')),
    new rspack.NormalModuleReplacementPlugin(/(^|\/)remote-registry$/, path.join(here, 'remote-registry.ts')),
    // Served like the federated apps: brotli copies beside the assets.
    new PrecompressPlugin(),
    // The host's service worker too: the same work after load, and no 404 for the sw.js it registers.
    new ServiceWorkerPlugin({ swSrc: path.join(hostDir, 'src', 'service-worker', 'sw.ts') }),
  ],
};

if (!fs.existsSync(path.join(hostDir, 'public', 'index.html'))) throw new Error('host/public/index.html is missing');

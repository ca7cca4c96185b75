// @ts-check
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { injectManifest } from 'workbox-build';
import { HASH_LENGTH, POINTER_FILES } from '@kloof/apps/cache-contract';
import { sri } from './integrity.js';
import { runCompiler } from './run-compiler.js';

/**
 * Files never precached: the pointers that say which release is live (a precached one would
 * keep serving a stale release), the worker itself and source maps.
 */
export const NEVER_PRECACHED = [...[...POINTER_FILES].map((name) => `**/${name}`), '**/*.map'];

/**
 * Workbox manifest transform: pins each precached file to the SHA-384 of its built bytes, so the
 * worker keeps and serves a host file only when it matches (sw.js is the pins' root: no-cache).
 * @param {string} outDir
 * @returns {import('workbox-build').ManifestTransform}
 */
export function pinnedToBuild(outDir) {
  return async (entries) => ({
    manifest: await Promise.all(
      entries.map(async (entry) => ({ ...entry, integrity: sri(await fs.readFile(path.join(outDir, entry.url))) })),
    ),
    warnings: [],
  });
}

/**
 * Bundles the worker source on its own (webworker target, one classic script).
 * @param {string} swSrc
 * @param {string} outDir
 * @returns {Promise<string>} path of the bundled worker
 */
async function bundleWorker(swSrc, outDir) {
  const compiler = rspack({
    mode: 'production',
    context: path.dirname(swSrc),
    entry: swSrc,
    target: 'webworker',
    devtool: false,
    output: { path: outDir, filename: 'sw.js', iife: true, clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript' } },
            env: { targets: ['chrome >= 111', 'firefox >= 115', 'safari >= 16.4'] },
          },
        },
      ],
    },
  });
  await runCompiler(compiler);
  return path.join(outDir, 'sw.js');
}

/**
 * Host-only, production builds: after the host is emitted, builds `swSrc` into `<output>/sw.js`
 * and injects the precache list of the host's shell (Workbox injectManifest). Workbox's own
 * webpack InjectManifest plugin does not run on Rspack 2, hence a separate worker build.
 */
export class ServiceWorkerPlugin {
  /** @param {{ swSrc: string }} options */
  constructor({ swSrc }) {
    this.swSrc = swSrc;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('KloofServiceWorker', async (compilation) => {
      // Module Federation runs extra compilers with the same plugins (shared fallbacks): only
      // the build that emits the page gets the worker.
      if (!compilation.getAsset('index.html')) return;
      const outDir = /** @type {string} */ (compiler.options.output.path);
      const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-sw-'));
      try {
        const bundled = await bundleWorker(this.swSrc, workDir);
        const { count, size, warnings } = await injectManifest({
          swSrc: bundled,
          swDest: path.join(outDir, 'sw.js'),
          globDirectory: outDir,
          globPatterns: ['**/*.{js,css,svg,png,jpg,webp,avif,woff2,ico}'],
          globIgnores: NEVER_PRECACHED,
          // [contenthash] names are their own revision.
          dontCacheBustURLsMatching: new RegExp(`\\.[0-9a-f]{${HASH_LENGTH}}\\.`),
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
          manifestTransforms: [pinnedToBuild(outDir)],
        });
        for (const warning of warnings) console.warn(`service worker: ${warning}`);
        console.log(`service worker: sw.js precaches ${count} files (${Math.round(size / 1024)} KB)`);
      } finally {
        await fs.rm(workDir, { recursive: true, force: true });
      }
    });
  }
}

// @ts-check
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { runCompiler } from './run-compiler.js';

/** The file a host build writes beside index.html: the path patterns its router answers. */
export const ROUTES_FILE = 'routes.json';

/**
 * Bundles a module for Node (TypeScript through swc) and loads it, so a build can read data
 * the app's own source defines.
 * @param {string} source
 * @returns {Promise<Record<string, unknown>>}
 */
async function loadModule(source) {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-routes-'));
  try {
    const compiler = rspack({
      mode: 'none',
      context: path.dirname(source),
      entry: source,
      target: 'node',
      devtool: false,
      output: { path: outDir, filename: 'module.cjs', library: { type: 'commonjs2' } },
      resolve: { extensions: ['.ts', '.js'] },
      module: {
        rules: [
          { test: /\.ts$/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' } } } },
        ],
      },
    });
    await runCompiler(compiler);
    return createRequire(import.meta.url)(path.join(outDir, 'module.cjs'));
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Host-only, production builds: writes `routes.json` ({ "patterns": [...] }) from the route
 * table's `routePatterns()`, so the production web server (which never imports an app) answers
 * 404 for paths the app has no page for, read from the live host release itself.
 */
export class RoutesManifestPlugin {
  /** @param {{ source: string, exportName?: string }} options */
  constructor({ source, exportName = 'routePatterns' }) {
    this.source = source;
    this.exportName = exportName;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('KloofRoutesManifest', async (compilation) => {
      if (!compilation.getAsset('index.html')) return;
      const loaded = await loadModule(this.source);
      const patterns = /** @type {() => unknown} */ (loaded[this.exportName])();
      if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string' && p.startsWith('/'))) {
        throw new Error(`${this.source}: ${this.exportName}() must return path patterns starting with '/'`);
      }
      const outDir = /** @type {string} */ (compiler.options.output.path);
      await fs.writeFile(path.join(outDir, ROUTES_FILE), `${JSON.stringify({ patterns }, null, 2)}\n`);
    });
  }
}

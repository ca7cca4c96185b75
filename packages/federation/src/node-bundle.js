// @ts-check
import path from 'node:path';
import { rspack } from '@rspack/core';
import { runCompiler } from './run-compiler.js';

const sourceDirnameLoader = path.join(import.meta.dirname, 'source-dirname-loader.js');

/**
 * One Node program as one ES module file (with its source map): its own TypeScript and the
 * workspace's `@kloof/*` source compiled in, every package from node_modules left to Node. An
 * external is imported by the path the source would have reached it by, relative to the bundle,
 * so a package a workspace dependency brings (pnpm keeps it out of the program's own
 * node_modules) is still found.
 * @typedef {{ name: string, entry: string, output: string }} NodeProgram  absolute entry and output file (`.js`)
 * @param {NodeProgram} program
 * @returns {import('@rspack/core').RspackOptions}
 */
export function nodeBundleConfig({ name, entry, output }) {
  const outDir = path.dirname(output);
  return {
    name,
    mode: 'production',
    target: 'node20',
    context: path.dirname(entry),
    entry: { [path.basename(output, '.js')]: entry },
    devtool: 'source-map',
    output: {
      path: outDir,
      filename: '[name].js',
      module: true,
      chunkFormat: 'module',
      library: { type: 'module' },
    },
    // Readable stacks and `new.target`/class names as written; the size of a server file matters little.
    // nodeEnv false: NODE_ENV is read when the program runs (production, test), never fixed at build.
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false, nodeEnv: false },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.js'] },
      // What Node itself would load: exports conditions of an import, else `main` (not `module`).
      conditionNames: ['node', 'import', 'default'],
      mainFields: ['main'],
    },
    externalsType: 'module-import',
    externalsPresets: { node: true },
    externals: [
      async ({ request, context, getResolve }) => {
        if (!request || !context || !isPackageImport(request)) return undefined;
        const resolve = getResolve?.();
        if (!resolve) return undefined;
        const resolved = await /** @type {(context: string, request: string) => Promise<string>} */ (resolve)(
          context,
          request,
        );
        if (!resolved.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        return relativeSpecifier(outDir, resolved);
      },
    ],
    module: {
      // import.meta and new URL(..., import.meta.url) are the bundle's at run time; the loader below keeps
      // import.meta.dirname the source's.
      parser: { javascript: { importMeta: false, url: false } },
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: [
            { loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' } } },
            { loader: sourceDirnameLoader, options: { outDir } },
          ],
        },
      ],
    },
    performance: false,
  };
}

/** A bare package name (not a relative path, an absolute one or a `node:` builtin). @param {string} request */
function isPackageImport(request) {
  return !request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:');
}

/** `to` as an import specifier from a file in `fromDir`. @param {string} fromDir @param {string} to */
function relativeSpecifier(fromDir, to) {
  const relative = path.relative(fromDir, to).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * Builds the programs side by side in this process; rejects with a build's errors.
 * @param {NodeProgram[]} programs
 */
export function buildNodeBundles(programs) {
  return Promise.all(programs.map((program) => runCompiler(rspack(nodeBundleConfig(program)))));
}

// @ts-check
import { rspack } from '@rspack/core';

/**
 * @typedef {{ moduleName?: string, request?: string }} ChunkOrigin
 * @typedef {{ files?: string[], origins?: ChunkOrigin[] }} StatsChunk
 */

/**
 * Whether a chunk is loaded at start: the async boundary's own import from the entry, or the
 * code of a shared library the host provides and uses from its first render.
 * @param {StatsChunk} chunk
 * @param {{ entry: string, onDemand: readonly string[] }} options
 */
export function isStartupChunk(chunk, { entry, onDemand }) {
  return (chunk.origins ?? []).some(({ moduleName = '', request = '' }) => {
    if (moduleName === entry && request.startsWith('.')) return true;
    const provided = /^provide shared module \([^)]*\) (.+?)@\d/.exec(moduleName);
    return provided !== null && !onDemand.includes(/** @type {string} */ (provided[1]));
  });
}

/**
 * The host fetches its startup chunks only once main.js has run (the async boundary, then the
 * shared libraries it provides). This plugin lists them in index.html as preloads, so they
 * download alongside main.js instead of after it: one round trip less before the first render.
 * Libraries loaded on demand (`onDemand`) are left out.
 */
export class StartupPreloadPlugin {
  /** @param {{ entry?: string, onDemand: readonly string[] }} options */
  constructor({ entry = './src/index.ts', onDemand }) {
    this.options = { entry, onDemand };
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const name = 'StartupPreloadPlugin';
    compiler.hooks.compilation.tap(name, (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(name, (data) => {
        const { chunks = [] } = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true });
        const publicPath =
          typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
        const files = chunks
          .filter((chunk) => isStartupChunk(chunk, this.options))
          .flatMap((chunk) => chunk.files ?? [])
          .filter((file) => file.endsWith('.js'));
        // The entry first: browsers fetch deferred scripts at low priority, behind preloads.
        const entry = data.headTags.flatMap((tag) =>
          tag.tagName === 'script' && typeof tag.attributes.src === 'string' ? [tag.attributes.src] : [],
        );
        const startupChunks = [...new Set(files)].sort().map((file) => publicPath + file);
        /** @param {string} href @param {'high' | 'low'} priority */
        const preload = (href, priority) =>
          rspack.HtmlRspackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href,
            fetchpriority: priority,
          });
        // Chunks block no paint: low priority, so they never queue ahead of the entry.
        const preloads = [
          ...entry.map((href) => preload(href, 'high')),
          ...startupChunks.map((href) => preload(href, 'low')),
        ];
        data.headTags.unshift(...preloads);
        return data;
      });
    });
  }
}

// @ts-check
import { rspack } from '@rspack/core';

/**
 * Runs `work` on the assets of every compilation of `compiler` at `stage`, the page's build only:
 * federation runs child compilers with the same plugins, and a file emitted there would be written twice.
 * @param {import('@rspack/core').Compiler} compiler
 * @param {string} name  the plugin's name
 * @param {number} stage  rspack.Compilation.PROCESS_ASSETS_STAGE_*
 * @param {(compilation: import('@rspack/core').Compilation, assets: Record<string, unknown>) => Promise<void>} work
 */
export function onPageAssets(compiler, name, stage, work) {
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    compilation.hooks.processAssets.tapPromise({ name, stage }, async (assets) => {
      if (compilation.compiler.isChild()) return;
      await work(compilation, assets);
    });
  });
}

export const ADDITIONAL_ASSETS = rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;

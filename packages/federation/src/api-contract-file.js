// @ts-check
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { ADDITIONAL_ASSETS, onPageAssets } from './process-assets.js';

const require = createRequire(import.meta.url);

/** The contract file's name and version of this checkout (@kloof/api-contract's contract-version.ts, loaded with tsx). */
async function contractOfCheckout() {
  const { tsImport } = await import('tsx/esm/api');
  const source = require.resolve('@kloof/api-contract/contract-version');
  const module = await tsImport(pathToFileURL(source).href, import.meta.url);
  const { CONTRACT_VERSION: version, CONTRACT_FILE: file } = module;
  if (typeof version !== 'string' || typeof file !== 'string') {
    throw new Error(`${source} exports no CONTRACT_VERSION and CONTRACT_FILE strings.`);
  }
  return { version, file };
}

/**
 * Emits api-contract.json ({ "version": "1.1.0" }): the release gate refuses a build whose
 * contract the live API does not serve, and `release:api --check` lists builds an API deploy would break.
 */
export class ApiContractFilePlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    onPageAssets(compiler, 'ApiContractFilePlugin', ADDITIONAL_ASSETS, async (compilation) => {
      const { version, file } = await contractOfCheckout();
      compilation.emitAsset(file, new rspack.sources.RawSource(`${JSON.stringify({ version })}\n`));
    });
  }
}

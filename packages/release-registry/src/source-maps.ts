/**
 * Source maps are never public: they would hand out the original source. Builds emit none unless
 * SOURCE_MAPS=hidden (maps beside the bundles in dist/ for an error tracker to upload, not
 * referenced by the bundles); releases leave them out, and the production server never serves them.
 */
export function isSourceMap(file: string): boolean {
  return /\.map(\.(br|gz))?$/i.test(file);
}

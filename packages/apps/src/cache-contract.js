// @ts-check
/**
 * The cache contract between the build, the web server and the service worker: which emitted
 * files may be kept forever and which must be asked for again on every load. The build names
 * files by it, the static server sets Cache-Control by it, the worker picks its strategy by it
 * and leaves pointers out of its precache.
 */

/** Length of the [contenthash] in every emitted chunk and asset name. */
export const HASH_LENGTH = 10;

/**
 * Files that say which release is live (or are the worker itself). Never precached and always
 * revalidated, so a release or rollback is seen on the next load.
 * @type {ReadonlySet<string>}
 */
export const POINTER_FILES = new Set([
  'index.html',
  'registry.json',
  'remote-modules.json',
  'config.json',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'sw.js',
]);

/** main.3f2a9c81d0.js, assets/logo.0123456789.svg, 153.48fccead0a.js.map */
const HASHED_NAME = new RegExp(`\\.[0-9a-f]{${HASH_LENGTH}}(\\.[a-z0-9]+)+$`);

/** @typedef {'pointer' | 'hashed' | 'other'} FileKind */

/**
 * What a file name is under the contract: a pointer (revalidate every time), a content-hashed
 * file (its content never changes: keep it forever) or anything else (left to the browser).
 * @param {string} fileName the last path segment
 * @returns {FileKind}
 */
export function fileKind(fileName) {
  if (POINTER_FILES.has(fileName)) return 'pointer';
  if (HASHED_NAME.test(fileName)) return 'hashed';
  return 'other';
}

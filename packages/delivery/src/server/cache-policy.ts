/** Files that point at other files: always revalidated, so a release shows on the next load. */
const POINTER_FILES = new Set([
  'index.html',
  'remotes.json',
  'registry.json',
  'remote-modules.json',
  'config.json',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'sw.js',
]);

/** Content-hashed names such as main.3f2a9c81d0.js (and its source map) never change. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|ttf|png|svg|jpe?g|gif|webp|avif|ico)(\.map)?$/;

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function isHashedName(fileName: string): boolean {
  return HASHED.test(fileName);
}

/** Cache-Control for a served file name. */
export function cacheControlFor(fileName: string): string {
  if (POINTER_FILES.has(fileName)) return NO_CACHE;
  if (isHashedName(fileName)) return IMMUTABLE;
  return NO_CACHE;
}

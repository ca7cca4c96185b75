/** Files that point at other files: always revalidated, so a release shows on the next load. */
const POINTER_FILES = new Set([
  'index.html',
  'remotes.json',
  'config.json',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'sw.js',
]);

/** Content-hashed names such as main.3f2a9c81d0.js never change. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp|avif)$/;

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control for a served file name. */
export function cacheControlFor(fileName: string): string {
  if (POINTER_FILES.has(fileName)) return NO_CACHE;
  if (HASHED.test(fileName)) return IMMUTABLE;
  return NO_CACHE;
}

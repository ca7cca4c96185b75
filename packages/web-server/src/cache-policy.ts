import { fileKind } from '@kloof/apps/cache-contract';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A content-hashed name (main.3f2a9c81d0.js) never changes content. */
export function isHashedName(fileName: string): boolean {
  return fileKind(fileName) === 'hashed';
}

/** Cache-Control for a served file name: kept forever when hashed, else revalidated each load. */
export function cacheControlFor(fileName: string): string {
  return isHashedName(fileName) ? IMMUTABLE : NO_CACHE;
}

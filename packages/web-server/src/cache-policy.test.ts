import { describe, expect, it } from '@jest/globals';
import { cacheControlFor, IMMUTABLE, NO_CACHE } from './cache-policy';

describe('cache policy (the cache contract of @kloof/federation as headers)', () => {
  it.each(['index.html', 'registry.json', 'mf-manifest.json', 'remoteEntry.js', 'sw.js'])(
    '%s points at a release and is revalidated on every load',
    (name) => {
      expect(cacheControlFor(name)).toBe(NO_CACHE);
    },
  );

  it.each(['main.3f2a9c81d0.js', 'logo.0123456789.svg', 'x.abcdef0123.css'])(
    '%s is content-hashed and immutable',
    (name) => {
      expect(cacheControlFor(name)).toBe(IMMUTABLE);
    },
  );

  it.each(['robots.txt', 'main.js', 'favicon.ico', 'main.nothex12345.js'])(
    '%s without a hash is revalidated',
    (name) => {
      expect(cacheControlFor(name)).toBe(NO_CACHE);
    },
  );
});

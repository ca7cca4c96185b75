import { describe, expect, it } from '@jest/globals';
import { fileKind } from './cache-contract.js';

describe('the cache contract', () => {
  it.each([
    'index.html',
    'registry.json',
    'config.json',
    'mf-manifest.json',
    'mf-stats.json',
    'remoteEntry.js',
    'sw.js',
  ])('%s points at a release and is asked for again on every load', (name) => {
    expect(fileKind(name)).toBe('pointer');
  });

  it.each([
    'main.3f2a9c81d0.js',
    '153.48fccead0a.js.map',
    'logo.0123456789.svg',
    'inter.abcdef0123.woff2',
    'x.abcdef0123.css',
  ])('%s is named by its content and kept forever', (name) => {
    expect(fileKind(name)).toBe('hashed');
  });

  it.each(['robots.txt', 'main.js', 'favicon.ico', 'main.nothex1234.js', 'main.3f2a9c81.js', 'main.3F2A9C81D0.js'])(
    '%s is neither',
    (name) => {
      expect(fileKind(name)).toBe('other');
    },
  );
});

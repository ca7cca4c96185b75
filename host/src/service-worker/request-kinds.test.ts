import { describe, expect, it } from '@jest/globals';
import { isPageUrl, pageCacheKey, requestKind } from './request-kinds';

const site = 'https://kloof.example';
const kind = (url: string, mode = 'cors', method = 'GET') =>
  requestKind({ url: new URL(url, site), method, mode }, site);

describe('what the service worker does with a request', () => {
  it.each(['/v1/current-user', '/v1/auth/login', 'https://api.kloof.example/v1/dashboard', '/v1'])(
    'never caches the API: %s',
    (url) => {
      expect(kind(url)).toBe('api');
      expect(kind(url, 'navigate')).toBe('api');
    },
  );

  it('leaves writes to the network', () => {
    expect(kind('/v1/auth/login', 'cors', 'POST')).toBe('api');
    expect(kind('/registry.json', 'cors', 'POST')).toBe('other');
  });

  it.each(['/', '/pricing', '/careers/junior-digital-assistant', '/dashboard', '/index.html'])(
    'serves the page %s network first, its own HTML cached per path',
    (url) => {
      expect(kind(url, 'navigate')).toBe('page');
    },
  );

  it('does not take over navigations to other sites', () => {
    expect(kind('https://elsewhere.example/', 'navigate')).toBe('other');
  });

  it.each([
    '/registry.json',
    '/config.json',
    '/index.html',
    '/mf-manifest.json',
    '/remotes/marketing/20261122-032757-123-3f2a9c81d0/mf-manifest.json',
    '/remotes/marketing/20261122-032757-123-3f2a9c81d0/remoteEntry.js',
    '/remotes/auth/remoteEntry.js',
    'https://cdn.kloof.example/remotes/auth/20261122-032757-123-3f2a9c81d0/remoteEntry.js',
    '/sw.js',
  ])('fetches the pointer file %s network first', (url) => {
    expect(kind(url)).toBe('pointer');
  });

  it.each([
    '/main.3f2a9c81d0.js',
    '/assets/logo.0123456789.svg',
    '/remotes/marketing/20261122-032757-123-3f2a9c81d0/153.48fccead0a.js',
    'https://cdn.kloof.example/remotes/auth/v/270.e34f1d02d2.js',
  ])('keeps the content-hashed file %s cache first', (url) => {
    expect(kind(url)).toBe('hashed');
  });

  it.each(['/favicon.ico', '/main.js', '/robots.txt'])('leaves %s to the browser', (url) => {
    expect(kind(url)).toBe('other');
  });
});

describe('the HTML a page path is cached under', () => {
  it('is the path alone: a query, a fragment or a trailing slash finds the same prerendered page', () => {
    for (const url of ['/pricing', '/pricing?ref=mail', '/pricing/', '/pricing#plans']) {
      expect(pageCacheKey(url, site)).toBe(`${site}/pricing`);
    }
    expect(pageCacheKey('/', site)).toBe(`${site}/`);
  });

  it('keeps every page path apart, so one URL never gets the HTML of another', () => {
    expect(pageCacheKey('/careers', site)).not.toBe(pageCacheKey('/careers/junior-digital-assistant', site));
  });

  it('tells a posted page address from the files the page loaded', () => {
    for (const url of ['/', '/pricing', '/careers/junior-digital-assistant', '/dashboard']) {
      expect(isPageUrl(new URL(url, site))).toBe(true);
    }
    for (const url of ['/index.html', '/registry.json', '/main.0123456789.js', '/v1/current-user']) {
      expect(isPageUrl(new URL(url, site))).toBe(false);
    }
  });
});

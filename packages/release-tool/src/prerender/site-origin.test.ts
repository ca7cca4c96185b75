import { describe, expect, it } from '@jest/globals';
import { ReleaseError } from '../releases/apps';
import { DEFAULT_SITE_URL, siteOrigin } from './prerendered-pages';

describe('the site origin of the prerendered pages (SITE_URL)', () => {
  it('is the default site when SITE_URL is unset or blank', () => {
    expect(siteOrigin({})).toBe('https://kloofdigital.co.za');
    expect(siteOrigin({ SITE_URL: '  ' })).toBe(DEFAULT_SITE_URL);
  });

  it('is the origin SITE_URL names, with or without a trailing slash, lower-cased as browsers do', () => {
    expect(siteOrigin({ SITE_URL: 'https://staging.example.com/' })).toBe('https://staging.example.com');
    expect(siteOrigin({ SITE_URL: 'HTTP://LocalHost:8080' })).toBe('http://localhost:8080');
  });

  it.each([
    ['no scheme', 'staging.example.com'],
    ['another scheme', 'ftp://example.com'],
    ['a path', 'https://example.com/site'],
    ['a query', 'https://example.com/?a=1'],
    ['a fragment', 'https://example.com/#top'],
    ['credentials', 'https://user:secret@example.com'],
  ])('refuses a SITE_URL with %s, saying what it got', (_what, value) => {
    expect(() => siteOrigin({ SITE_URL: value })).toThrow(ReleaseError);
    expect(() => siteOrigin({ SITE_URL: value })).toThrow(`(got "${value}")`);
  });
});

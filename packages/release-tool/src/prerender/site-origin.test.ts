import { describe, expect, it } from '@jest/globals';
import { EnvError } from '@kloof/settings';
import { readReleaseToolSettings } from '../settings';
import { siteOrigin } from './prerendered-pages';

const originFor = (env: Record<string, string>) => siteOrigin(readReleaseToolSettings(env).site);

describe('the site origin of the prerendered pages (SITE_URL)', () => {
  it('is where `pnpm start` serves the site when SITE_URL is unset or blank: localhost on WEB_PORT', () => {
    expect(originFor({})).toBe('http://localhost:8080');
    expect(originFor({ SITE_URL: '  ', WEB_PORT: '8880' })).toBe('http://localhost:8880');
  });

  it('is the origin SITE_URL names, with or without a trailing slash, lower-cased as browsers do', () => {
    expect(originFor({ SITE_URL: 'https://staging.example.com/' })).toBe('https://staging.example.com');
    expect(originFor({ SITE_URL: 'HTTP://LocalHost:8080' })).toBe('http://localhost:8080');
  });

  it.each([
    ['no scheme', 'staging.example.com'],
    ['another scheme', 'ftp://example.com'],
    ['a path', 'https://example.com/site'],
    ['a query', 'https://example.com/?a=1'],
    ['a fragment', 'https://example.com/#top'],
    ['credentials', 'https://user:secret@example.com'],
  ])('refuses a SITE_URL with %s, saying what it must be', (_what, value) => {
    expect(() => originFor({ SITE_URL: value })).toThrow(EnvError);
    expect(() => originFor({ SITE_URL: value })).toThrow(
      "SITE_URL must be the site's origin only, an http(s) URL without a path, query or credentials such as https://example.com",
    );
  });
});

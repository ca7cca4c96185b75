import { describe, expect, it } from '@jest/globals';
import { webAddress, withScheme } from './rules';

describe('a link’s web address, as people type it', () => {
  it('takes example.com by putting https:// in front', () => {
    expect(withScheme('example.com')).toBe('https://example.com');
    expect(withScheme('  www.example.com/design?v=2 ')).toBe('https://www.example.com/design?v=2');
    expect(webAddress('example.com')).toBeNull();
  });

  it('leaves an address with a scheme as it is', () => {
    expect(withScheme('http://staging.example.com')).toBe('http://staging.example.com');
    expect(withScheme('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(webAddress('http://localhost:3000/')).toBeNull();
  });

  it('refuses what is not a web address, in words', () => {
    expect(webAddress('   ')).toBe('Enter the web address of the link.');
    for (const wrong of ['javascript:alert(1)', 'mailto:a@example.com', 'hello', 'ftp://example.com']) {
      expect(webAddress(wrong)).toBe('Enter a web address, like example.com or https://example.com/page.');
    }
  });
});

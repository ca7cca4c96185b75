import { describe, expect, it } from '@jest/globals';
import { canaryShare, printable, publishingOrigin, singleLine } from './input';

describe('where an app is published (--origin)', () => {
  it.each([
    ['', ''],
    ['https://cdn.example.com', 'https://cdn.example.com'],
    ['https://CDN.example.com:8443/', 'https://cdn.example.com:8443'],
    ['http://localhost:9123', 'http://localhost:9123'],
    ['http://127.0.0.1:9123/', 'http://127.0.0.1:9123'],
    ['http://[::1]:9123', 'http://[::1]:9123'],
  ])('accepts %p as %p', (value, origin) => {
    expect(publishingOrigin(value)).toBe(origin);
  });

  it.each([
    ['javascript:alert(1)', /must be an https URL, or http on localhost/],
    ['data:text/javascript,alert(1)', /must be an https URL/],
    ['http://cdn.example.com', /must be an https URL/],
    ['http://localhost.evil.example', /must be an https URL/],
    ['ftp://cdn.example.com', /must be an https URL/],
    ['cdn.example.com', /takes an origin such as https:\/\/cdn\.example\.com/],
    ['https://evil.example/x?y=1#z', /an origin only, without a path, query, fragment or credentials/],
    ['https://cdn.example.com/remotes', /an origin only/],
    ['https://cdn.example.com?', /an origin only/],
    ['https://cdn.example.com#', /an origin only/],
    ['https://ops:secret@cdn.example.com', /an origin only/],
  ])('refuses %p', (value, message) => {
    expect(() => publishingOrigin(value)).toThrow(message);
  });
});

describe('a canary share', () => {
  it('is a whole percent from 1 to 99', () => {
    expect(canaryShare(1)).toBe(1);
    expect(canaryShare(99)).toBe(99);
    for (const share of [0, 100, -5, 2.5, Number.NaN, Infinity]) {
      expect(() => canaryShare(share)).toThrow('--canary takes a percent of browsers above 0 and below 100');
    }
  });
});

describe('texts in the history', () => {
  it('refuses control characters when written and escapes them when printed', () => {
    expect(singleLine('The reason', 'error rate 3% > 1%')).toBe('error rate 3% > 1%');
    expect(() => singleLine('The user name (USER)', 'ops\nfake')).toThrow(
      'The user name (USER) contains a control character ("ops\\nfake"); it must be one line.',
    );
    expect(() => singleLine('The reason', 'red \u001b[31m')).toThrow('contains a control character');
    expect(printable('ops\nfake\r\u001b[2K\u0085')).toBe('ops\\nfake\\r\\u001b[2K\\u0085');
  });
});

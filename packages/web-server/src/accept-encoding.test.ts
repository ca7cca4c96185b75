import { describe, expect, it } from '@jest/globals';
import { chooseEncoding, type Encoding } from './accept-encoding';

const ALL = new Set<Encoding>(['br', 'gzip', 'identity']);
const NO_BR = new Set<Encoding>(['gzip', 'identity']);

describe('choosing the stored encoding by Accept-Encoding', () => {
  it.each([
    [undefined, ALL, 'identity'],
    ['', ALL, 'identity'],
    ['gzip, deflate, br', ALL, 'br'],
    ['gzip, deflate, br, zstd', NO_BR, 'gzip'],
    ['gzip', ALL, 'gzip'],
    ['br;q=0.5, gzip;q=0.8', ALL, 'gzip'],
    ['br;q=0, gzip;q=0', ALL, 'identity'],
    ['*', ALL, 'br'],
    ['*;q=0.1, br;q=0', ALL, 'gzip'],
    ['identity', ALL, 'identity'],
    ['deflate', ALL, 'identity'],
    ['GZIP;Q=1', ALL, 'gzip'],
    ['x-gzip', ALL, 'gzip'],
    ['br;q=garbage, gzip', ALL, 'gzip'],
  ])('%j with %p stored: %s', (header, stored, expected) => {
    expect(chooseEncoding(header, stored)).toBe(expected);
  });
});

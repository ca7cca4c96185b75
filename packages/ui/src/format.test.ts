import { describe, expect, it } from '@jest/globals';
import { formatDate, formatRand } from './format';

describe('format', () => {
  it('writes rand the South African way', () => {
    expect(formatRand(1234.5).replace(/\s/g, ' ')).toBe('R 1 234,50');
  });

  it('writes dates with the short month name, and keeps formatting on later calls', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 Nov 2026');
    expect(formatDate('2027-01-05T10:00:00Z')).toBe('05 Jan 2027');
  });
});

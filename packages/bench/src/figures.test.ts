import { describe, expect, it } from '@jest/globals';
import { figuresOf, formatMs, formatSeconds } from './figures';

describe('figuresOf', () => {
  it('takes the median and the lowest and highest of an odd count, in any order', () => {
    expect(figuresOf([5600, 1300, 7100])).toEqual({ median: 5600, low: 1300, high: 7100, count: 3 });
  });

  it('takes the upper middle of an even count, as the Lighthouse medians do', () => {
    expect(figuresOf([4, 1, 3, 2])?.median).toBe(3);
  });

  it('has no figures for nothing measured', () => {
    expect(figuresOf([])).toBeNull();
  });
});

describe('formatting', () => {
  it('writes the median with the spread in brackets', () => {
    expect(formatMs(figuresOf([180.4, 95.6, 240]))).toBe('180 (96-240)');
    expect(formatSeconds(figuresOf([5600, 5480, 6020]))).toBe('5.60 (5.48-6.02)');
  });

  it('writes one value without a spread, and n/a for none', () => {
    expect(formatMs(figuresOf([42, 42]))).toBe('42');
    expect(formatSeconds(null)).toBe('n/a');
  });
});

import { describe, expect, it } from '@jest/globals';
import { planInterest } from './plan-interest';

describe('planInterest', () => {
  it('names a known pricing tier', () => {
    expect(planInterest('?plan=partner')).toBe('We are interested in the Partner plan. ');
  });

  it('ignores a missing or unknown plan', () => {
    expect(planInterest('')).toBe('');
    expect(planInterest('?plan=<script>')).toBe('');
  });
});

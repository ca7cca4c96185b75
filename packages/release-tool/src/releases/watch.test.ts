import { describe, expect, it } from '@jest/globals';
import { judgeCanary } from './watch';

const options = { minSample: 20, windowMinutes: 15, marginPoints: 2 };
const health = (pageLoads: number, errors: number) => ({
  pageLoads,
  errors,
  errorRate: pageLoads ? errors / pageLoads : null,
});

describe('judging a canary', () => {
  it('waits for the minimum sample of page loads, however bad the first ones are', () => {
    expect(judgeCanary(health(19, 19), health(100, 0), options)).toMatchObject({ action: 'wait' });
  });

  it('rolls back when the canary is worse than stable by more than the margin, and says by how much', () => {
    const verdict = judgeCanary(health(20, 2), health(100, 1), options);
    expect(verdict).toEqual({
      action: 'rollback',
      why:
        'canary error rate 10.00% (2 errors in 20 page loads) vs stable 1.00% (1 error in 100 page loads) ' +
        'in the last 15 min: 9.00 points worse, margin 2',
    });
  });

  it('keeps a canary within the margin, or better than stable, or compared with a stable nobody loaded', () => {
    expect(judgeCanary(health(100, 3), health(100, 1), options)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(health(100, 0), health(100, 5), options)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(health(50, 0), health(0, 0), options)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(health(50, 5), health(0, 0), options)).toMatchObject({ action: 'rollback' });
  });
});

describe('the performance gate', () => {
  const vitals = (lcp: number, samples = 30) => ({
    lcp: { samples, p75: lcp },
    inp: { samples: 0, p75: null },
    cls: { samples, p75: 0.01 },
  });
  const gate = { ...options, vitals: { lcpMs: 300, inpMs: 100, cls: 0.05, minSample: 20 } };
  const withVitals = (lcp: number, samples?: number) => ({ ...health(100, 0), vitals: vitals(lcp, samples) });

  it('rolls back a canary whose LCP p75 is worse than stable by more than the margin, and says by how much', () => {
    expect(judgeCanary(withVitals(1000), withVitals(400), gate)).toEqual({
      action: 'rollback',
      why:
        'slower than stable: LCP p75 1000 ms vs stable 400 ms (+600 ms, margin 300 ms; 30 and 30 page loads) ' +
        'in the last 15 min',
    });
  });

  it('keeps a canary within the margins, and does not compare vitals before both sides have the sample', () => {
    expect(judgeCanary(withVitals(600), withVitals(400), gate)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(withVitals(5000, 19), withVitals(400), gate)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(withVitals(5000), withVitals(400, 5), gate)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(health(100, 0), health(100, 0), gate)).toMatchObject({ action: 'keep' });
  });
});

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

  it('rolls back when the canary is surely worse than stable by more than the margin, and says by how much', () => {
    const verdict = judgeCanary(health(60, 18), health(200, 2), options);
    expect(verdict).toEqual({
      action: 'rollback',
      why:
        'canary error rate 30.00% (18 errors in 60 page loads) vs stable 1.00% (2 errors in 200 page loads) ' +
        'in the last 15 min: 29.00 points worse (at least 11.41 at z 3), margin 2',
    });
  });

  it('waits while a canary is worse as counted but too few page loads tell it from chance', () => {
    // 2 of 20 against 1 of 100: worse by 9 points as counted, by at least -10.66 at z 3.
    expect(judgeCanary(health(20, 2), health(100, 1), options)).toMatchObject({
      action: 'wait',
      why: expect.stringContaining('9.00 points worse, not yet surely over the margin of 2'),
    });
    // The same rates from ten times the page loads are sure.
    expect(judgeCanary(health(200, 20), health(1000, 10), options)).toMatchObject({ action: 'rollback' });
  });

  it('keeps a canary within the margin, or better than stable, or compared with a stable nobody loaded', () => {
    expect(judgeCanary(health(100, 3), health(100, 1), options)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(health(100, 0), health(100, 5), options)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(health(50, 0), health(0, 0), options)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(health(50, 15), health(0, 0), options)).toMatchObject({ action: 'rollback' });
  });

  it('a lower z decides on fewer page loads: three failing loads of three are enough at z 1, not at 3', () => {
    expect(judgeCanary(health(3, 3), health(3, 0), { ...options, minSample: 3 })).toMatchObject({ action: 'wait' });
    expect(judgeCanary(health(3, 3), health(3, 0), { ...options, minSample: 3, z: 1 })).toMatchObject({
      action: 'rollback',
    });
  });
});

describe('what it takes to move the decision', () => {
  // The honest traffic of the browser test: page loads on each side, 30% of the canary's failing.
  const judge = (canary: number, canaryErrors: number, stable: number) =>
    judgeCanary(health(canary, canaryErrors), health(stable, 0), { ...options, minSample: 20 }).action;

  it('rolls back a canary of which 30% of page loads fail once about 35 page loads on each side are in', () => {
    expect(judge(20, 6, 20)).toBe('wait');
    expect(judge(30, 9, 30)).toBe('wait');
    expect(judge(35, 11, 35)).toBe('rollback');
    expect(judge(40, 12, 40)).toBe('rollback');
  });

  it('keeps a healthy canary whatever the number of page loads: its votes cannot be failures', () => {
    // 256 networks, 3 browsers each, three windows: page loads all, no load failure counted.
    expect(judge(256 * 3 * 3 + 20, 0, 20)).toBe('keep');
    // A canary failing now and then, as stable might: within the margin.
    expect(judge(1000, 15, 1000)).toBe('keep');
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

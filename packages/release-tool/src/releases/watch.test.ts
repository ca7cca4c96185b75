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

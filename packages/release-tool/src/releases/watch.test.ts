import { describe, expect, it } from '@jest/globals';
import { judgeCanary } from './watch';

const options = { minSample: 20, windowMinutes: 15, marginPoints: 2 };
/** Page loads and load failures: failures the web server confirmed (the version's files broken). */
const health = (pageLoads: number, errors: number) => ({
  pageLoads,
  errors,
  loadFailed: errors,
  errorRate: pageLoads ? errors / pageLoads : null,
});
/** Page loads and render errors: errors only the browsers say happened. */
const claimed = (pageLoads: number, renderErrors: number) => ({
  pageLoads,
  errors: renderErrors,
  loadFailed: 0,
  errorRate: pageLoads ? renderErrors / pageLoads : null,
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
        'in the last 15 min: 29.00 points worse (at least 11.41 at z 3), margin 2; load failures the web server confirmed',
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

describe('evidence only browsers give: render errors', () => {
  // 256 networks, three browsers each with real tokens, claim a page load and a render error.
  const BOTS = 256 * 3;

  it('holds, never rolls back, a healthy canary 256 networks claim render errors for, and says an operator should look', () => {
    const verdict = judgeCanary(
      { ...claimed(20 + BOTS, BOTS), networks: { renderErrors: 256, vitals: 0 } },
      health(20, 0),
      options,
    );
    expect(verdict).toEqual({
      action: 'hold',
      why:
        'canary error rate 97.46% (768 errors in 788 page loads) vs stable 0.00% (0 errors in 20 page loads) ' +
        'in the last 15 min: 97.46 points worse (at least 79.36 at z 3), margin 2, by 768 render errors only ' +
        'browsers reported from 256 networks: held, not rolled back: an operator should look (--trust-browser-errors would roll it back)',
    });
  });

  it('rolls a canary back on render errors when the operator trusts browsers (--trust-browser-errors)', () => {
    expect(
      judgeCanary(claimed(20 + BOTS, BOTS), health(20, 0), { ...options, trustBrowserErrors: true }),
    ).toMatchObject({ action: 'rollback', why: expect.stringContaining('(browser-reported render errors trusted)') });
  });

  it('still rolls back on the load failures the web server confirmed, whatever render errors are claimed beside them', () => {
    // 30% of 40 real page loads fail to load; the botnet adds its render errors on top.
    const failing = { pageLoads: 40, errors: 12 + 30, loadFailed: 12, errorRate: 42 / 40 };
    expect(judgeCanary(failing, health(40, 0), options)).toMatchObject({
      action: 'rollback',
      why: expect.stringContaining('canary error rate 30.00% (12 errors in 40 page loads)'),
    });
  });

  it('holds a canary published on another origin on its load failures too: the web server cannot check its files', () => {
    expect(judgeCanary(health(40, 12), health(40, 0), options, 'https://cdn.example')).toMatchObject({
      action: 'hold',
      why: expect.stringContaining(
        'by 12 render errors and load failures only browsers reported (its files are on https://cdn.example, ' +
          'which the web server cannot check): held, not rolled back',
      ),
    });
    expect(
      judgeCanary(health(40, 12), health(40, 0), { ...options, trustBrowserErrors: true }, 'https://cdn.example'),
    ).toMatchObject({ action: 'rollback' });
  });

  it('waits, not holds, while render errors cannot yet be told from chance', () => {
    expect(judgeCanary(claimed(20, 2), claimed(100, 1), options)).toMatchObject({ action: 'wait' });
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

  it('holds a canary whose LCP p75 is worse than stable by more than the margin, and says by how much', () => {
    // Vitals are the browser's word: 256 networks can report any LCP for any canary.
    expect(judgeCanary(withVitals(1000), withVitals(400), gate)).toEqual({
      action: 'hold',
      why:
        'slower than stable: LCP p75 1000 ms vs stable 400 ms (+600 ms, margin 300 ms; 30 and 30 page loads) ' +
        'in the last 15 min, as only browsers reported: held, not rolled back: an operator should look ' +
        '(--trust-browser-vitals would roll it back)',
    });
  });

  it('rolls back a slower canary when the operator trusts browsers (--trust-browser-vitals)', () => {
    expect(judgeCanary(withVitals(1000), withVitals(400), { ...gate, trustBrowserVitals: true })).toEqual({
      action: 'rollback',
      why:
        'slower than stable: LCP p75 1000 ms vs stable 400 ms (+600 ms, margin 300 ms; 30 and 30 page loads) ' +
        'in the last 15 min',
    });
  });

  it('never rolls back a healthy canary on 768 slow LCPs claimed by 256 networks', () => {
    expect(judgeCanary(withVitals(10_000, 20 + 768), withVitals(400, 20), gate)).toMatchObject({ action: 'hold' });
  });

  it('keeps a canary within the margins, and does not compare vitals before both sides have the sample', () => {
    expect(judgeCanary(withVitals(600), withVitals(400), gate)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(withVitals(5000, 19), withVitals(400), gate)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(withVitals(5000), withVitals(400, 5), gate)).toMatchObject({ action: 'keep' });
    expect(judgeCanary(health(100, 0), health(100, 0), gate)).toMatchObject({ action: 'keep' });
  });
});

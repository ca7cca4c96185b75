import { describe, expect, it } from '@jest/globals';
import { flakyLine, jestCounts, playwrightCounts, summaryLine } from './counts.js';

describe('test summary', () => {
  it('counts a Jest suite that failed to load as a failure', () => {
    expect(jestCounts({ numPassedTests: 10, numFailedTests: 1, numRuntimeErrorTestSuites: 2 })).toEqual({
      passed: 10,
      failed: 3,
    });
  });

  it('counts flaky Playwright tests (passed only on a retry) as failed, and global errors as failures', () => {
    expect(playwrightCounts({ stats: { expected: 5, unexpected: 1, flaky: 2 }, errors: [{}] })).toEqual({
      passed: 5,
      failed: 4,
      flaky: 2,
    });
  });

  it('names flaky tests on their own line, and says nothing when there were none', () => {
    expect(flakyLine([{ flaky: 1 }, {}, { flaky: 2 }])).toBe('flaky: 3 (passed only on a retry; counted as failed)');
    expect(flakyLine([{}, { flaky: 0 }])).toBeNull();
  });

  it('prints the one summary line CI reads', () => {
    expect(
      summaryLine([
        { passed: 3, failed: 0 },
        { passed: 4, failed: 2 },
      ]),
    ).toBe('tests: 7 passed, 2 failed');
  });
});

// @ts-check
/** Pass/fail counts from the JSON reports of Jest and Playwright. */

/**
 * @param {{ numPassedTests: number, numFailedTests: number, numRuntimeErrorTestSuites?: number }} report
 * @returns {{ passed: number, failed: number }}
 */
export function jestCounts(report) {
  // A suite that fails to load has no test results; count it as a failure so it cannot hide.
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) };
}

/**
 * @param {{ stats: { expected: number, unexpected: number, flaky: number }, errors?: unknown[] }} report
 * @returns {{ passed: number, failed: number }}
 */
export function playwrightCounts(report) {
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + (report.errors?.length ?? 0),
  };
}

/**
 * @param {{ passed: number, failed: number }[]} parts
 */
export function summaryLine(parts) {
  const total = parts.reduce((sum, p) => ({ passed: sum.passed + p.passed, failed: sum.failed + p.failed }), {
    passed: 0,
    failed: 0,
  });
  return `tests: ${total.passed} passed, ${total.failed} failed`;
}

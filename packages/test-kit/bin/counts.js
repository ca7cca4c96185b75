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
 * A test that failed and then passed (flaky) is a failure: it is a defect in the test or the
 * product. The configs never retry, so this only counts what a retry someone adds would hide.
 * @param {{ stats: { expected: number, unexpected: number, flaky: number }, errors?: unknown[] }} report
 * @returns {{ passed: number, failed: number, flaky: number }}
 */
export function playwrightCounts(report) {
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky + (report.errors?.length ?? 0),
    flaky: report.stats.flaky,
  };
}

/**
 * The line said before the summary when a test passed only on a second try (counted as failed).
 * @param {{ flaky?: number }[]} parts
 * @returns {string | null}
 */
export function flakyLine(parts) {
  const flaky = parts.reduce((sum, p) => sum + (p.flaky ?? 0), 0);
  return flaky ? `flaky: ${flaky} (passed only on a retry; counted as failed)` : null;
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

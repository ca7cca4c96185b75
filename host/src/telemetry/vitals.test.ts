import { describe, expect, it, jest } from '@jest/globals';

/** A fresh vitals module whose page release and reporter are watched. */
async function vitalsWith(page: { app: string; version: string; route: string } | null) {
  jest.resetModules();
  const reportTelemetry = jest.fn();
  jest.unstable_mockModule('../federation/remote-telemetry', () => ({ pageRelease: () => page }));
  jest.unstable_mockModule('./reporter', () => ({ reportTelemetry }));
  const { reportVital } = await import('./vitals');
  return { reportVital, reportTelemetry };
}

const page = { app: 'auth', version: '20261125-100000-000-0123456789', route: 'Login' };

describe('web vitals of a page load', () => {
  it('go to the app version whose page was shown, LCP and INP in whole ms, CLS to three places', async () => {
    const { reportVital, reportTelemetry } = await vitalsWith(page);
    reportVital({ name: 'LCP', value: 812.6 });
    reportVital({ name: 'CLS', value: 0.04567 });
    reportVital({ name: 'INP', value: 96 });
    expect(reportTelemetry.mock.calls.map(([event]) => event)).toEqual([
      { kind: 'lcp', ...page, value: 813 },
      { kind: 'cls', ...page, value: 0.046 },
      { kind: 'inp', ...page, value: 96 },
    ]);
  });

  it('are not reported for a page of no release, nor for other metrics', async () => {
    const none = await vitalsWith(null);
    none.reportVital({ name: 'LCP', value: 812 });
    expect(none.reportTelemetry).not.toHaveBeenCalled();
    const other = await vitalsWith(page);
    other.reportVital({ name: 'TTFB', value: 80 });
    expect(other.reportTelemetry).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from '@jest/globals';
import type { ReleaseHealth } from '@kloof/api-client';
import { appCounts } from '@kloof/release-registry/testing/telemetry';
import { healthSeries } from './health-series';

const summary = (version: string, pageLoads: number, errors: number) =>
  appCounts('marketing', version, pageLoads, errors);
const health: ReleaseHealth = {
  app: 'marketing',
  since: '2030-01-01T08:00:00.000Z',
  until: '2030-01-01T08:10:00.000Z',
  span: 5,
  stable: 'S',
  canary: 'C',
  windows: [
    { start: '2030-01-01T08:00:00.000Z', versions: [summary('C', 3, 1), summary('S', 4, 0)] },
    { start: '2030-01-01T08:05:00.000Z', versions: [summary('C', 2, 2)] },
  ],
};

describe('healthSeries', () => {
  it('draws the stable version first, then the canary, with a gap where a version had no page load', () => {
    expect(healthSeries(health, 'errorRate')).toEqual({
      times: [Date.parse('2030-01-01T08:00:00Z') / 1000, Date.parse('2030-01-01T08:05:00Z') / 1000],
      lines: [
        { version: 'S', label: 'stable S', values: [0, null] },
        { version: 'C', label: 'canary C', values: [33.33, 100] },
      ],
    });
    expect(healthSeries(health, 'pageLoads').lines.map((line) => line.values)).toEqual([
      [4, null],
      [3, 2],
    ]);
  });
});

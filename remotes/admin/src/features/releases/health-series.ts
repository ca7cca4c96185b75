import type { ReleaseHealth, VersionSummary } from '@kloof/api-client';

/** The lines' colours: stable, canary, then older versions (each readable on both themes). */
const LINE_COLOURS = ['#2563eb', '#dc2626', '#7c3aed', '#ca8a04', '#0891b2'];
export const lineColour = (index: number) => LINE_COLOURS[index % LINE_COLOURS.length]!;

/** What a health chart draws per version and window. */
export type HealthMetric = 'errorRate' | 'pageLoads' | 'lcp' | 'inp' | 'cls';

export const HEALTH_METRICS: readonly { value: HealthMetric; label: string; unit: string }[] = [
  { value: 'errorRate', label: 'Error rate', unit: '%' },
  { value: 'pageLoads', label: 'Page loads', unit: '' },
  { value: 'lcp', label: 'LCP p75', unit: 'ms' },
  { value: 'inp', label: 'INP p75', unit: 'ms' },
  { value: 'cls', label: 'CLS p75', unit: '' },
];

/** A version's value of one metric in one window; null where it had no page load or no sample. */
export function metricOf(summary: VersionSummary, metric: HealthMetric): number | null {
  if (metric === 'pageLoads') return summary.pageLoads;
  if (metric === 'errorRate') return summary.errorRate === null ? null : Math.round(summary.errorRate * 10_000) / 100;
  return summary.vitals[metric].p75;
}

/** How a version is named on the chart: the stable and canary versions by their role. */
export function versionLabel(health: Pick<ReleaseHealth, 'stable' | 'canary'>, version: string): string {
  if (version === health.stable) return `stable ${version}`;
  if (version === health.canary) return `canary ${version}`;
  return version;
}

export interface HealthSeries {
  /** Window starts, seconds since the epoch (uPlot's x axis). */
  times: number[];
  /** One line per version: stable first, then the canary, then the rest; null where it has no value. */
  lines: { version: string; label: string; values: (number | null)[] }[];
}

/** The chart's data: every window on the x axis, one line per version that appears in any. */
export function healthSeries(health: ReleaseHealth, metric: HealthMetric): HealthSeries {
  const versions = [...new Set(health.windows.flatMap((w) => w.versions.map((v) => v.version)))];
  const rank = (version: string) => (version === health.stable ? 0 : version === health.canary ? 1 : 2);
  versions.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return {
    times: health.windows.map((w) => Date.parse(w.start) / 1000),
    lines: versions.map((version) => ({
      version,
      label: versionLabel(health, version),
      values: health.windows.map((w) => {
        const summary = w.versions.find((v) => v.version === version);
        return summary ? metricOf(summary, metric) : null;
      }),
    })),
  };
}

import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { pageRelease } from '../federation/remote-telemetry';
import { reportTelemetry, type VitalKind } from './reporter';

const KINDS: Record<Metric['name'], VitalKind | undefined> = {
  LCP: 'lcp',
  INP: 'inp',
  CLS: 'cls',
  FCP: undefined,
  TTFB: undefined,
};

/** A vital of this page load, for the app version whose page it showed (none: a page of no release). */
export function reportVital(metric: Pick<Metric, 'name' | 'value'>): void {
  const kind = KINDS[metric.name];
  const page = pageRelease();
  if (!kind || !page || !Number.isFinite(metric.value)) return;
  const value = kind === 'cls' ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value);
  reportTelemetry({ kind, app: page.app, version: page.version, route: page.route, value: Math.min(value, 600_000) });
}

/**
 * LCP, INP and CLS of this page load (web-vitals), each reported once with its final value when
 * the page is hidden or left: the performance gate compares canary and stable on them.
 */
export function startVitals(): void {
  onLCP(reportVital);
  onINP(reportVital);
  onCLS(reportVital);
}

import type { VitalKind } from '../../db/schema';

/**
 * Web vitals are kept as histograms (a counter per bucket), so a version's 75th percentile is read
 * from a few rows whatever the number of page loads. Bucket i holds values up to EDGES[i]; the
 * last bucket everything above. LCP and INP in milliseconds, CLS unitless.
 */
// Few buckets on purpose: a day's summary reads every bucket of every version for 24 hours.
const MS_EDGES = [100, 200, 300, 400, 500, 600, 800, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 6000, 10_000, 20_000];
const CLS_EDGES = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

export const VITAL_EDGES: Record<VitalKind, readonly number[]> = { lcp: MS_EDGES, inp: MS_EDGES, cls: CLS_EDGES };

export function bucketOf(kind: VitalKind, value: number): number {
  const edges = VITAL_EDGES[kind];
  const index = edges.findIndex((edge) => value <= edge);
  return index === -1 ? edges.length : index;
}

/** The upper edge of the bucket holding the 75th percentile (the top bucket: its lower edge); null without samples. */
export function p75Of(kind: VitalKind, counts: ReadonlyMap<number, number>): number | null {
  const edges = VITAL_EDGES[kind];
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (!total) return null;
  let seen = 0;
  for (let bucket = 0; bucket <= edges.length; bucket += 1) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= total * 0.75) return edges[Math.min(bucket, edges.length - 1)]!;
  }
  return edges[edges.length - 1]!;
}

import type { VersionHealth, VitalHealth } from '@kloof/release-registry/health';

/**
 * The performance gate: a canary whose 75th percentile of a web vital is worse than the stable
 * version's by more than the vital's margin is slower, once both have the minimum sample of
 * page loads reporting it. Percentiles come from the API's histograms (bucket upper edges).
 */
export interface VitalMargins {
  /** Milliseconds the canary's LCP p75 may exceed stable's by. */
  lcpMs: number;
  /** Milliseconds the canary's INP p75 may exceed stable's by. */
  inpMs: number;
  /** How much the canary's CLS p75 may exceed stable's by. */
  cls: number;
  /** Page loads reporting a vital that each side needs before that vital is compared. */
  minSample: number;
}

export const DEFAULT_VITAL_MARGINS: VitalMargins = { lcpMs: 300, inpMs: 100, cls: 0.05, minSample: 50 };

const VITALS = [
  { kind: 'lcp', name: 'LCP', unit: ' ms', margin: (m: VitalMargins) => m.lcpMs },
  { kind: 'inp', name: 'INP', unit: ' ms', margin: (m: VitalMargins) => m.inpMs },
  { kind: 'cls', name: 'CLS', unit: '', margin: (m: VitalMargins) => m.cls },
] as const;

const NONE: VitalHealth = { samples: 0, p75: null };

/** Why the canary is slower ("LCP p75 1000 ms vs stable 400 ms (+600 ms, margin 300 ms)"), or null. */
export function slowerVitals(canary: VersionHealth, stable: VersionHealth, margins: VitalMargins): string | null {
  const reasons: string[] = [];
  for (const { kind, name, unit, margin } of VITALS) {
    const c = canary.vitals?.[kind] ?? NONE;
    const s = stable.vitals?.[kind] ?? NONE;
    if (c.p75 === null || s.p75 === null || c.samples < margins.minSample || s.samples < margins.minSample) continue;
    const worse = c.p75 - s.p75;
    if (worse > margin(margins)) {
      const round = (n: number) => (unit ? String(Math.round(n)) : n.toFixed(3));
      reasons.push(
        `${name} p75 ${round(c.p75)}${unit} vs stable ${round(s.p75)}${unit} ` +
          `(+${round(worse)}${unit}, margin ${margin(margins)}${unit}; ${c.samples} and ${s.samples} page loads)`,
      );
    }
  }
  return reasons.length ? `slower than stable: ${reasons.join('; ')}` : null;
}

import type { VersionHealth } from '@kloof/release-registry/health';

/**
 * How much worse a canary's error rate is than stable's, and how much worse it surely is: the
 * lower end of a one-sided confidence interval for the difference of the two proportions
 * (Agresti-Caffo: one error and one success added to each side, which keeps the interval honest
 * for rates near 0 or 100% and small samples). The watcher reads the telemetry about once a minute,
 * so the default z of 3 (0.13% one-sided per reading) keeps a canary no worse than stable from
 * being rolled back in ~15 readings of a window with a chance below 2%.
 */
export const DEFAULT_Z = 3;

export interface ExcessErrorRate {
  /** Observed: canary rate minus stable rate, in percentage points. */
  points: number;
  /** The least the canary is worse by at this z, in percentage points (negative: maybe not worse). */
  atLeast: number;
}

/** One side's adjusted rate and its variance; a side without page loads adds nothing. */
function side(health: VersionHealth): { rate: number; variance: number } {
  if (!health.pageLoads) return { rate: 0, variance: 0 };
  const errors = Math.min(health.errors, health.pageLoads);
  const rate = (errors + 1) / (health.pageLoads + 2);
  return { rate, variance: (rate * (1 - rate)) / (health.pageLoads + 2) };
}

/**
 * The canary against stable. A stable version nobody reported on is taken as error-free (the canary
 * is judged against the margin alone), as the watcher always did.
 */
export function excessErrorRate(canary: VersionHealth, stable: VersionHealth, z: number): ExcessErrorRate {
  const observed = (health: VersionHealth) => (health.pageLoads ? health.errors / health.pageLoads : 0);
  const [c, s] = [side(canary), side(stable)];
  const spread = z * Math.sqrt(c.variance + s.variance);
  return { points: (observed(canary) - observed(stable)) * 100, atLeast: (c.rate - s.rate - spread) * 100 };
}

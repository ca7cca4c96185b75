/**
 * Telemetry is counted in five-minute windows: a browser votes once per app version and kind in
 * one, and the counters are kept per window (not per event), so storage grows with windows and
 * releases, never with what was sent.
 */
export const WINDOW_MS = 5 * 60_000;

export function windowOf(time: Date): Date {
  return new Date(Math.floor(time.getTime() / WINDOW_MS) * WINDOW_MS);
}

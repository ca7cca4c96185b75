/**
 * Telemetry is counted in five-minute windows: a browser votes once per app version and kind in
 * one, and the counters are kept per window (not per event), so storage grows with windows and
 * releases, never with what was sent.
 */
export const WINDOW_MS = 5 * 60_000;

export function windowOf(time: Date): Date {
  return new Date(Math.floor(time.getTime() / WINDOW_MS) * WINDOW_MS);
}

export const HOUR_MS = 60 * 60_000;

export function hourOf(time: Date): Date {
  return new Date(Math.floor(time.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * Which counters a summary since a moment reads: the five-minute ones for the last two hours
 * (the watcher's window), else the hourly ones from the hour `since` falls in (a day is 24 rows
 * per key, so the summary stays fast whatever was sent).
 */
export function countersSince(since: Date, now: Date): { span: 5 | 60; from: Date } {
  return now.getTime() - since.getTime() <= 2 * HOUR_MS
    ? { span: 5, from: windowOf(since) }
    : { span: 60, from: hourOf(since) };
}

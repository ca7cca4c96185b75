/** The upper middle of the values (Lighthouse's median for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A series of one measurement: its median and its lowest and highest single value. */
export interface Figures {
  median: number;
  low: number;
  high: number;
  /** How many values it summarises. */
  count: number;
}

/** The median (the upper middle of an even count, as Lighthouse's) and lowest-highest of values. */
export function figuresOf(values: readonly number[]): Figures | null {
  if (!values.length) return null;
  return { median: median([...values]), low: Math.min(...values), high: Math.max(...values), count: values.length };
}

/** `median (lowest-highest)` in whole milliseconds, or `n/a` for nothing measured. */
export function formatMs(figures: Figures | null): string {
  if (!figures) return 'n/a';
  const ms = (value: number) => String(Math.round(value));
  return figures.low === figures.high
    ? ms(figures.median)
    : `${ms(figures.median)} (${ms(figures.low)}-${ms(figures.high)})`;
}

/** `median (lowest-highest)` in seconds with two decimals, or `n/a`. */
export function formatSeconds(figures: Figures | null): string {
  if (!figures) return 'n/a';
  const s = (value: number) => (value / 1000).toFixed(2);
  return figures.low === figures.high
    ? s(figures.median)
    : `${s(figures.median)} (${s(figures.low)}-${s(figures.high)})`;
}

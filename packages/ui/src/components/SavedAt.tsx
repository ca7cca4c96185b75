/** @jsxImportSource @emotion/react */
import { useEffect, useState } from 'react';
import { LineIcon } from './LineIcon';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** 'Saved 5 minutes ago', 'Saved 1 day ago'; under a minute 'Saved just now'. */
export function savedAgo(savedAt: number, now: number): string {
  const elapsed = Math.max(0, now - savedAt);
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return `Saved ${relative.format(-Math.floor(elapsed / ms), unit)}`;
  }
  return 'Saved just now';
}

/** The time now, again every minute (the mark's words follow it). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The mark on data shown from the copy saved for offline: when it was fetched, in words (the
 * exact time on hover), so nobody takes it for the latest.
 */
export function SavedAt({ at, now }: { at: number; now?: number }) {
  const clock = useMinuteClock();
  const when = new Date(at);
  return (
    <p
      css={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: '0.5rem',
        margin: '0 0 1rem',
        fontSize: '0.875rem',
        color: theme.colors.textMuted,
      })}
    >
      <LineIcon width={16} height={16}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </LineIcon>
      <span>
        <time dateTime={when.toISOString()} title={when.toLocaleString()}>
          {savedAgo(at, now ?? clock)}
        </time>
        . You are offline: this is what you saw last.
      </span>
    </p>
  );
}

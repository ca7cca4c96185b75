import { describe, expect, it } from '@jest/globals';
import type { HistoryAction, HistoryEntry } from './history';
import { rollbackTarget, stableTrail } from './previous';

let minute = 0;
const change = (action: HistoryAction, from: string | null, to: string, app = 'marketing'): HistoryEntry => ({
  time: new Date(Date.UTC(2026, 10, 22, 10, (minute += 1))).toISOString(),
  app,
  action,
  from,
  to,
  who: 'ops',
});

describe('what was stable before (rollback without a version)', () => {
  it('skips a canary that was aborted: it was never stable', () => {
    const history = [
      change('release', null, 'A'),
      change('canary', 'A', 'B'),
      change('abort', 'B', 'A'),
      change('release', 'A', 'C'),
    ];
    expect(stableTrail(history, 'marketing')).toEqual(['A', 'C']);
    expect(rollbackTarget(history, 'marketing', 'C', ['A', 'B', 'C'])).toBe('A');
  });

  it('counts a promoted canary, walks back one step per rollback, and ignores other apps and new origins', () => {
    const history = [
      change('release', null, 'A'),
      change('release', null, 'H', 'host'),
      change('canary', 'A', 'B'),
      change('promote', 'A', 'B'),
      change('release', 'B', 'B'), // moved to another origin only
      change('release', 'B', 'C'),
      change('rollback', 'C', 'B'),
      change('prune', 'X', '(deleted)'),
    ];
    expect(stableTrail(history, 'marketing')).toEqual(['A', 'B']);
    expect(rollbackTarget(history, 'marketing', 'B', ['A', 'B', 'C'])).toBe('A');
  });

  it('goes past versions that were pruned, and has no answer at the first one', () => {
    const history = [change('release', null, 'A'), change('release', 'A', 'B'), change('release', 'B', 'C')];
    expect(rollbackTarget(history, 'marketing', 'C', ['A', 'C'])).toBe('A');
    expect(rollbackTarget(history, 'marketing', 'A', ['A', 'B', 'C'])).toBeUndefined();
  });

  it('falls back to the newest older folder when the history does not lead to the live version', () => {
    expect(rollbackTarget([], 'marketing', 'C', ['A', 'B', 'C'])).toBe('B');
  });
});

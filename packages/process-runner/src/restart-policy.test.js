import { describe, expect, it } from '@jest/globals';
import { afterExit, DEFAULT_POLICY } from './restart-policy.js';

describe('restarting a part that stopped on its own', () => {
  it('restarts a first crash at once, then backs off from a second by doubling up to 30 s', () => {
    let state = { quickFailures: 0 };
    const delays = [];
    for (let i = 0; i < 8; i += 1) {
      const next = afterExit(state, 500);
      expect(next.action).toBe('restart');
      delays.push(next.action === 'restart' ? next.delayMs : -1);
      state = next.state;
    }
    expect(delays).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('starts the back-off over once the part had stayed up for a minute', () => {
    const looping = { quickFailures: 6 };
    expect(afterExit(looping, DEFAULT_POLICY.healthyAfterMs)).toEqual({
      action: 'restart',
      delayMs: 0,
      state: { quickFailures: 1 },
    });
  });

  it('gives up after ten quick exits in a row, so a broken configuration ends with its error', () => {
    expect(afterExit({ quickFailures: 9 }, 100).action).toBe('restart');
    expect(afterExit({ quickFailures: 10 }, 100).action).toBe('give-up');
  });
});

import { describe, expect, it } from '@jest/globals';
import { marketingCounts } from '@kloof/release-registry/testing/telemetry';
import { describeStatus } from './format';
import type { AppStatus } from './status';

const integrity = { manifest: 'sha384-x' };
const STABLE = '20300101-070000-000-aaaaaaaaaa';
const CANARY = '20300101-075000-000-bbbbbbbbbb';
const marketing: AppStatus = {
  app: 'marketing',
  live: STABLE,
  origin: '',
  stable: { version: STABLE, integrity, releasedAt: '2030-01-01T07:00:00.000Z', releasedBy: 'thandi' },
  canary: { version: CANARY, integrity, releasedAt: '2030-01-01T07:50:00.000Z', releasedBy: 'sipho', share: 10 },
  versions: [STABLE, CANARY],
  lastChange: null,
  suspect: null,
};

describe('release:status', () => {
  it('shows stable and canary with who released them when and their error rates over page loads', () => {
    const summary = {
      since: '2030-01-01T00:00:00.000Z',
      until: '2030-01-02T00:00:00.000Z',
      versions: [marketingCounts(STABLE, 400, 2)],
    };
    expect(describeStatus([marketing], { summary }).split('\n').slice(0, 4)).toEqual([
      'Error rates: page loads and errors reported since 2030-01-01T00:00:00.000Z',
      `marketing: live ${STABLE}`,
      `    stable ${STABLE} by thandi at 2030-01-01T07:00:00.000Z, errors 0.50% (2 errors in 400 page loads)`,
      `    canary ${CANARY} for 10% of browsers by sipho at 2030-01-01T07:50:00.000Z, errors no page loads reported`,
    ]);
  });

  it('says why there are no rates when the API cannot be read', () => {
    const shown = describeStatus([marketing], { unavailable: 'could not reach the API at http://x (ECONNREFUSED)' });
    expect(shown).toContain('Error rates: not shown, could not reach the API at http://x (ECONNREFUSED)');
    expect(shown).toContain(`    stable ${STABLE} by thandi at 2030-01-01T07:00:00.000Z\n`);
  });
});

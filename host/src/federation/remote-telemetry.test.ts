import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { unreleasedRegistry } from '@kloof/release-registry';
import { configureTelemetry, flushTelemetry } from '../telemetry/reporter';
import { chooseReleases } from './release-choice';
import { reportRemoteLoaded } from './remote-telemetry';

beforeAll(async () => {
  // The web server's page-load token, asked for once when telemetry starts.
  Object.defineProperty(globalThis, 'fetch', {
    value: jest.fn(async () => ({ ok: true, json: async () => ({ token: 'page-load-token' }) })),
    configurable: true,
  });
  configureTelemetry('');
  await new Promise((resolve) => setTimeout(resolve, 0));
});

function sentEvents(): unknown[] {
  const beacon = jest.fn<(url: string, body: Blob) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  flushTelemetry();
  return beacon.mock.calls.map(([, body]) => body);
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('telemetry of remote page loads', () => {
  it('counts nothing for a build that was never released (a dev server or the dist folders have no version)', () => {
    chooseReleases(unreleasedRegistry({ auth: '/remotes/auth/' }), '0000abcd');
    reportRemoteLoaded('auth/Login');
    expect(sentEvents()).toEqual([]);
  });

  it('counts a page load of a stored release', () => {
    chooseReleases(
      {
        format: 2,
        apps: {
          marketing: {
            origin: '',
            stable: {
              version: '20261125-100000-000-0123456789',
              integrity: { manifest: 'sha384-x' },
              releasedAt: '',
              releasedBy: '',
            },
            canary: null,
            previous: null,
          },
        },
      },
      '0000abcd',
    );
    reportRemoteLoaded('marketing/Pricing');
    expect(sentEvents()).toHaveLength(1);
  });
});

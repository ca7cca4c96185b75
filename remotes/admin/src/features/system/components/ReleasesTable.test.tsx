import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { releaseRows } from '@kloof/release-registry/health';
import { marketingCounts } from '@kloof/release-registry/testing/telemetry';
import { formatDateTime } from '@kloof/ui';
import { renderWithProviders } from '@kloof/ui/testing';
import { ReleasesTable } from './ReleasesTable';

const integrity = { manifest: 'sha384-x' };
const registry = {
  format: 2 as const,
  apps: {
    marketing: {
      origin: '',
      previous: null,
      stable: {
        version: '20300101-070000-000-aaaaaaaaaa',
        integrity,
        releasedAt: '2030-01-01T07:00:00.000Z',
        releasedBy: 'thandi',
      },
      canary: {
        version: '20300101-075000-000-bbbbbbbbbb',
        integrity,
        releasedAt: '2030-01-01T07:50:00.000Z',
        releasedBy: 'sipho',
        share: 10,
      },
    },
    admin: {
      origin: '',
      previous: null,
      stable: {
        version: '20300101-060000-000-cccccccccc',
        integrity,
        releasedAt: '2030-01-01T06:00:00.000Z',
        releasedBy: 'ci',
      },
      canary: null,
    },
  },
};
const summary = {
  since: '2030-01-01T00:00:00.000Z',
  until: '2030-01-02T00:00:00.000Z',
  versions: [
    marketingCounts('20300101-070000-000-aaaaaaaaaa', 200, 1),
    {
      ...marketingCounts('20300101-075000-000-bbbbbbbbbb', 20, 5),
      vitals: { lcp: { samples: 20, p75: 1200 }, inp: { samples: 0, p75: null }, cls: { samples: 20, p75: 0.05 } },
    },
  ],
};

const rowOf = (app: string) => screen.getByRole('row', { name: new RegExp(`^${app}`) });

describe('the releases on /system', () => {
  it('shows per app the stable version and the canary, who released them when, and their error rates', () => {
    renderWithProviders(
      <ReleasesTable view={{ apps: releaseRows(registry, summary), ratesUnavailable: null, since: summary.since }} />,
    );
    const marketing = within(rowOf('marketing'));
    expect(marketing.getByText('20300101-070000-000-aaaaaaaaaa')).toBeTruthy();
    // A time people read, the ISO instant kept in datetime and the title.
    const released = marketing.getByText(formatDateTime('2030-01-01T07:00:00.000Z'));
    expect(released.tagName).toBe('TIME');
    expect(released).toHaveAttribute('datetime', '2030-01-01T07:00:00.000Z');
    expect(released).toHaveAttribute('title', '2030-01-01T07:00:00.000Z');
    expect(released.parentElement).toHaveTextContent(/^by thandi at \d{1,2} Jan 2030,? \d{2}:\d{2}$/);
    expect(marketing.getByText('Errors: 0.50% (1 error in 200 page loads)')).toBeTruthy();
    expect(marketing.getByText('10% of browsers')).toBeTruthy();
    expect(marketing.getByText(formatDateTime('2030-01-01T07:50:00.000Z')).parentElement).toHaveTextContent(
      /^by sipho at /,
    );
    expect(marketing.getByText('Errors: 25.00% (5 errors in 20 page loads)')).toBeTruthy();
    expect(marketing.getByText('Speed: LCP 1200 ms · CLS 0.050 (p75)')).toBeTruthy();
    expect(marketing.getAllByText(/^Speed:/)).toHaveLength(1); // stable has no vitals yet

    const admin = within(rowOf('admin'));
    expect(admin.getByText('Errors: no page loads reported')).toBeTruthy();
    expect(admin.getByText('None')).toBeTruthy();
  });

  it('says when the error rates could not be read, and still shows the versions', () => {
    renderWithProviders(
      <ReleasesTable
        view={{
          apps: releaseRows(registry, null),
          ratesUnavailable: 'Error rates could not be read from the API.',
          since: null,
        }}
      />,
    );
    const marketing = within(rowOf('marketing'));
    expect(marketing.getByText('20300101-075000-000-bbbbbbbbbb')).toBeTruthy();
    expect(marketing.getAllByText('Error rates could not be read from the API.')).toHaveLength(2);
  });
});

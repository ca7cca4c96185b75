import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { http, type PendingDeletion } from '@kloof/api-client';
import { renderWithProviders } from '@kloof/ui/testing';
import { PendingDeletions } from './PendingDeletions';

const realAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

const marked: PendingDeletion[] = [
  {
    userId: 'u1',
    email: 'soon@x.co',
    username: 'soon',
    requestedAt: '2030-01-01T08:00:00.000Z',
    eraseAfter: '2030-01-15T08:00:00.000Z',
  },
  {
    userId: 'u2',
    email: 'later@x.co',
    username: 'later',
    requestedAt: '2030-01-03T08:00:00.000Z',
    eraseAfter: '2030-01-17T08:00:00.000Z',
  },
];

/** The pending deletions as the API keeps them; a DELETE takes one away. Records each request. */
function serve() {
  const sent: string[] = [];
  let left = [...marked];
  http.defaults.adapter = (async (config) => {
    sent.push(`${config.method?.toUpperCase()} ${config.url}`);
    if (config.method === 'delete') {
      left = left.filter((d) => `deletions/${d.userId}` !== config.url);
      return { status: 204, statusText: 'No Content', data: null, headers: {}, config };
    }
    return { status: 200, statusText: 'OK', data: { items: left, next: null }, headers: {}, config };
  }) as AxiosAdapter;
  return sent;
}

describe('PendingDeletions', () => {
  it('lists the accounts marked for deletion; cancelling one asks first, then takes it off the list', async () => {
    const sent = serve();
    renderWithProviders(<PendingDeletions />);
    const region = screen.getByRole('region', { name: 'Pending deletions' });
    const table = await within(region).findByRole('table', { name: 'Accounts marked for deletion' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(within(table).getByRole('button', { name: 'Cancel the deletion of soon@x.co' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel this deletion?' });
    expect(sent).toEqual(['GET deletions']);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel deletion' }));
    await waitFor(() => expect(within(region).getAllByRole('row')).toHaveLength(2));
    expect(sent).toEqual(['GET deletions', 'DELETE deletions/u1', 'GET deletions']);
    expect(within(region).queryByText('soon@x.co')).not.toBeInTheDocument();
  });

  it('says so when no account waits', async () => {
    http.defaults.adapter = (async (config) => ({
      status: 200,
      statusText: 'OK',
      data: { items: [], next: null },
      headers: {},
      config,
    })) as AxiosAdapter;
    renderWithProviders(<PendingDeletions />);
    expect(await screen.findByText('No account is waiting to be deleted.')).toBeInTheDocument();
  });
});

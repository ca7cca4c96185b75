import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { http, type User } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { renderWithProviders } from '@kloof/ui/testing';
import { ManageUsersScreen } from './ManageUsersScreen';

const realAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

const everyone: User[] = Array.from({ length: 25 }, (_, i) =>
  aUser({ id: `u${i}`, email: `person${i}@x.co`, username: `person${i}` }),
);

/**
 * Keyset pages of the users whose e-mail holds `search` (the cursor is the next row's index);
 * records each call. `failAfter`: a page asked after that cursor answers 503 (the first page never).
 */
function serve(failAfter?: string): { asked: { search?: string; after?: string; limit: number }[] } {
  const seen = { asked: [] as { search?: string; after?: string; limit: number }[] };
  http.defaults.adapter = (async (config) => {
    const params = config.params as { search?: string; after?: string; limit: number };
    seen.asked.push(params);
    if (failAfter !== undefined && params.after === failAfter) {
      const data = {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is busy. Please try again in a moment.',
      };
      const response = { status: 503, statusText: 'Service Unavailable', data, headers: {}, config };
      throw new AxiosError('Request failed with status code 503', AxiosError.ERR_BAD_RESPONSE, config, null, response);
    }
    const found = everyone.filter((u) => !params.search || u.email.includes(params.search));
    const from = params.after ? Number(params.after) : 0;
    const next = from + params.limit < found.length ? String(from + params.limit) : null;
    const data = { items: found.slice(from, from + params.limit), next };
    return { status: 200, statusText: 'OK', data, headers: {}, config };
  }) as AxiosAdapter;
  return seen;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').length - 1;

describe('ManageUsersScreen', () => {
  it('shows the first page; a keyboard "Load more" appends the next under it and goes once there is no next', async () => {
    const seen = serve();
    renderWithProviders(<ManageUsersScreen />, { route: '/manage/users' });
    // a polite live region: a screen reader hears what "Load more" added
    expect((await screen.findByText('Showing 20 users. There are more.')).getAttribute('role')).toBe('status');
    expect(rows()).toBe(20);

    const more = screen.getByRole('button', { name: 'Load more users' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Showing all 25 users.')).toBeTruthy());
    expect(rows()).toBe(25);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(everyone.map((u) => u.username));
    expect(screen.queryByRole('button', { name: 'Load more users' })).toBeNull();
    // the button is gone: focus goes to the count rather than to the page's start
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Showing all 25 users.')));
    expect(seen.asked).toEqual([{ limit: 20 }, { after: '20', limit: 20 }]);
  });

  it('keeps the users shown when "Load more" fails, says why, and loads them on the next press', async () => {
    serve('20');
    renderWithProviders(<ManageUsersScreen />, { route: '/manage/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more users' }));
    expect(await screen.findByText('More users could not be loaded')).toBeTruthy();
    expect(screen.getByText('The database is busy. Please try again in a moment.')).toBeTruthy();
    expect(rows()).toBe(20);

    serve();
    await userEvent.click(screen.getByRole('button', { name: 'Load more users' }));
    await waitFor(() => expect(screen.getByText('Showing all 25 users.')).toBeTruthy());
    expect(screen.queryByText('More users could not be loaded')).toBeNull();
  });

  it('follows the search field once typing pauses, starting again from the first page', async () => {
    const seen = serve();
    renderWithProviders(<ManageUsersScreen />, { route: '/manage/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more users' }));
    await screen.findByText('Showing all 25 users.');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'person2');
    await waitFor(() => expect(screen.getByText('Showing all 6 users.')).toBeTruthy());
    // one call for the whole word, not one per key
    expect(seen.asked.slice(2)).toEqual([{ search: 'person2', limit: 20 }]);
    expect(rows()).toBe(6);
  });
});

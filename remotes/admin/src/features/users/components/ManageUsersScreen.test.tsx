import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
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

/** Keyset pages of the users whose e-mail holds `search` (the cursor is the next row's index); records each call. */
function serve(): { asked: { search?: string; after?: string; limit: number }[] } {
  const seen = { asked: [] as { search?: string; after?: string; limit: number }[] };
  http.defaults.adapter = (async (config) => {
    const params = config.params as { search?: string; after?: string; limit: number };
    seen.asked.push(params);
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
  it('shows the first page, and the next one under it from a keyboard "Load more", saying how many are shown', async () => {
    const seen = serve();
    renderWithProviders(<ManageUsersScreen />, { route: '/manage/users' });
    // a polite live region: a screen reader hears what "Load more" added
    expect((await screen.findByText('20 users shown, more to load')).getAttribute('role')).toBe('status');
    expect(rows()).toBe(20);

    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('All 25 users shown')).toBeTruthy());
    expect(rows()).toBe(25);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // the button is gone: focus goes to the count rather than to the page's start
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('All 25 users shown')));
    expect(seen.asked).toEqual([{ limit: 20 }, { after: '20', limit: 20 }]);
  });

  it('follows the search field once typing pauses, starting from the first page', async () => {
    const seen = serve();
    renderWithProviders(<ManageUsersScreen />, { route: '/manage/users' });
    await screen.findByText('20 users shown, more to load');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'person2');
    await waitFor(() => expect(screen.getByText('All 6 users shown')).toBeTruthy());
    // one call for the whole word, not one per key
    expect(seen.asked.slice(1)).toEqual([{ search: 'person2', limit: 20 }]);
    expect(rows()).toBe(6);
  });
});

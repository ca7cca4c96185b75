import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { AxiosError, type AxiosAdapter } from 'axios';
import { http, type User } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { renderWithProviders } from '@kloof/ui/testing';
import { SuperScreen } from './SuperScreen';

const realAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

/** 2,101 accounts newest first: the newest a SuperAdmin, the oldest an Admin, everyone between without a role. */
const everyone: User[] = Array.from({ length: 2101 }, (_, i) =>
  aUser({
    id: `u${i}`,
    email: `person${i}@x.co`,
    username: `person${i}`,
    roles: i === 0 ? ['SuperAdmin'] : i === 2100 ? ['Admin'] : [],
  }),
);

/**
 * GET /users as the API answers it: keyset pages (the cursor is the next row's index), `role`
 * keeping the holders of that role (`any`: of one). Every other call answers 404.
 */
function serve(): void {
  http.defaults.adapter = (async (config) => {
    if (!config.url?.endsWith('users')) {
      const response = { status: 404, statusText: 'Not Found', data: { message: 'Not found' }, headers: {}, config };
      throw new AxiosError('Request failed with status code 404', AxiosError.ERR_BAD_REQUEST, config, null, response);
    }
    const params = config.params as { role?: string; after?: string; limit: number };
    const found = everyone.filter(
      (u) => !params.role || (params.role === 'any' ? u.roles.length > 0 : u.roles.includes(params.role as never)),
    );
    const from = params.after ? Number(params.after) : 0;
    const next = from + params.limit < found.length ? String(from + params.limit) : null;
    const data = { items: found.slice(from, from + params.limit), next };
    return { status: 200, statusText: 'OK', data, headers: {}, config };
  }) as AxiosAdapter;
}

describe('SuperScreen', () => {
  it('lists every role holder, the oldest behind 2,000 newer accounts too, and nobody without a role', async () => {
    serve();
    renderWithProviders(<SuperScreen />, { route: '/super' });
    const holders = await screen.findByRole('table', { name: 'Role holders' });
    const rows = within(holders).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByText(/@x\.co$/).textContent)).toEqual([
      'person0@x.co',
      'person2100@x.co',
    ]);
    expect(screen.getByText('Showing all 2 role holders.')).toBeTruthy();
  });
});

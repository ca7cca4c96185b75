import { afterEach, describe, expect, it } from '@jest/globals';
import type { AxiosAdapter } from 'axios';
import { http, type User } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { fetchAllUsers } from './all-users';

const realAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

const users = (n: number): User[] =>
  Array.from({ length: n }, (_, i) => aUser({ id: `u${i}`, email: `u${i}@x.co`, username: `u${i}` }));

/** Answers keyset pages of `all` (the cursor is the index of the next row) and records each `after` asked for. */
function serve(all: User[]): { afters: (string | undefined)[] } {
  const seen = { afters: [] as (string | undefined)[] };
  const adapter: AxiosAdapter = async (config) => {
    const { after, limit } = config.params as { after?: string; limit: number };
    seen.afters.push(after);
    const from = after ? Number(after) : 0;
    const items = all.slice(from, from + limit);
    const next = from + limit < all.length ? String(from + limit) : null;
    return { status: 200, statusText: 'OK', data: { items, next }, headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return seen;
}

describe('fetchAllUsers', () => {
  it('follows next, 100 at a time, until the last page', async () => {
    const seen = serve(users(230));
    const result = await fetchAllUsers();
    expect(result.users).toHaveLength(230);
    expect(result.complete).toBe(true);
    expect(seen.afters).toEqual([undefined, '100', '200']);
  });

  it('makes one call for an empty list', async () => {
    const seen = serve([]);
    expect(await fetchAllUsers()).toEqual({ users: [], complete: true });
    expect(seen.afters).toEqual([undefined]);
  });

  it('stops after 20 pages and says the list is not complete', async () => {
    const seen = serve(users(2050));
    const result = await fetchAllUsers();
    expect(result.users).toHaveLength(2000);
    expect(result.complete).toBe(false);
    expect(seen.afters).toHaveLength(20);
  });
});

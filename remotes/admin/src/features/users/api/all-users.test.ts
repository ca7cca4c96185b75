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

function serve(all: User[]): { pages: number[] } {
  const seen = { pages: [] as number[] };
  const adapter: AxiosAdapter = async (config) => {
    const { page, pageSize } = config.params as { page: number; pageSize: number };
    seen.pages.push(page);
    const items = all.slice((page - 1) * pageSize, page * pageSize);
    return { status: 200, statusText: 'OK', data: { items, total: all.length, page, pageSize }, headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return seen;
}

describe('fetchAllUsers', () => {
  it('reads page after page of 100 until it has every user', async () => {
    const seen = serve(users(230));
    const result = await fetchAllUsers();
    expect(result.users).toHaveLength(230);
    expect(result).toMatchObject({ total: 230, complete: true });
    expect(seen.pages).toEqual([1, 2, 3]);
  });

  it('makes one call for an empty list', async () => {
    const seen = serve([]);
    expect(await fetchAllUsers()).toEqual({ users: [], total: 0, complete: true });
    expect(seen.pages).toEqual([1]);
  });
});

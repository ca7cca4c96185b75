import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { http, type UserWorkspace } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { renderWithProviders } from '@kloof/ui/testing';
import { UserWorkspaces } from './UserWorkspaces';

const realAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

/** GET /users/u1/workspaces: the user's memberships; the calls asked. */
function serve(items: UserWorkspace[]): string[] {
  const asked: string[] = [];
  http.defaults.adapter = (async (config) => {
    asked.push(config.url ?? '');
    return { status: 200, statusText: 'OK', data: { items, next: null }, headers: {}, config };
  }) as AxiosAdapter;
  return asked;
}

describe('UserWorkspaces', () => {
  it("lists the user's workspaces with their role, member count and since when", async () => {
    const asked = serve([
      { workspaceId: 'w1', name: 'Harbour', role: 'owner', addedAt: '2026-03-01T10:00:00.000Z', memberCount: 3 },
      { workspaceId: 'w2', name: 'Vineyard', role: 'viewer', addedAt: '2026-02-01T10:00:00.000Z', memberCount: 1 },
    ]);
    renderWithProviders(<UserWorkspaces user={aUser({ id: 'u1' })} />);
    const list = await screen.findByRole('list', { name: 'Workspaces of the user' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows[0]).toMatch(/Harbour.*Owner.*3 members/);
    expect(rows[1]).toMatch(/Vineyard.*Viewer.*1 member\b/);
    expect(asked).toEqual(['users/u1/workspaces']);
  });

  it('says so when the user is in no workspace', async () => {
    serve([]);
    renderWithProviders(<UserWorkspaces user={aUser({ id: 'u1' })} />);
    expect(await screen.findByText('Not a member of any workspace.')).toBeTruthy();
  });
});

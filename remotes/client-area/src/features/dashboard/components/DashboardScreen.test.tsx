import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { http, type Dashboard, type Workspace } from '@kloof/api-client';
import { renderWithProviders } from '@kloof/ui/testing';
import { DashboardScreen } from './DashboardScreen';

/** A client with 10,000 workspaces, as far as the dashboard's two questions go. */
const overview: Dashboard = {
  workspaces: 10_000,
  projectsByStatus: { planning: 1, active: 2, on_hold: 0, completed: 3 },
  recentLinks: [],
};
const workspace = (n: number): Workspace => ({
  id: `w${n}`,
  name: `Workspace ${n}`,
  description: '',
  ownerId: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  projectCount: 1,
  role: 'owner',
});

let asked: string[] = [];
const adapter: AxiosAdapter = async (config) => {
  const query = new URLSearchParams(config.params as Record<string, string>).toString();
  asked.push(`${config.url}${query ? `?${query}` : ''}`);
  const limit = Number((config.params as { limit?: number } | undefined)?.limit ?? 50);
  const data =
    config.url === 'dashboard'
      ? overview
      : { items: Array.from({ length: limit }, (_, i) => workspace(10_000 - i)), next: 'more' };
  return { status: 200, statusText: 'OK', data, headers: {}, config };
};
const realAdapter = http.defaults.adapter;

beforeEach(() => {
  asked = [];
  http.defaults.adapter = adapter;
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

describe('DashboardScreen', () => {
  it('asks for its overview and the five newest workspaces, nothing else', async () => {
    renderWithProviders(<DashboardScreen />);
    const card = (await screen.findByRole('heading', { name: 'Your workspaces' })).parentElement!;
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([10_000, 9_999, 9_998, 9_997, 9_996].map((n) => `Workspace ${n}1 project`));
    expect(asked.sort()).toEqual(['dashboard', 'workspaces?limit=5']);
  });
});

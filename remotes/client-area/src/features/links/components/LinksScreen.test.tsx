import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { http, type Link, type Project, type Workspace } from '@kloof/api-client';
import { renderWithProviders } from '@kloof/ui/testing';
import { LinksScreen } from './LinksScreen';

type Query = Record<string, string | number | undefined>;

const at = '2026-01-01T00:00:00.000Z';
const workspaces: Workspace[] = ['Harbour', 'Vineyard'].map((name, i) => ({
  id: `w${i + 1}`,
  name,
  description: '',
  ownerId: 'u1',
  createdAt: at,
  updatedAt: at,
  projectCount: 1,
  role: 'owner',
}));
const projects: Project[] = [
  {
    id: 'p1',
    workspaceId: 'w1',
    workspaceName: 'Harbour',
    name: 'Sensors',
    description: '',
    status: 'active',
    createdAt: at,
    updatedAt: at,
    role: 'owner',
  },
  {
    id: 'p2',
    workspaceId: 'w2',
    workspaceName: 'Vineyard',
    name: 'Shop',
    description: '',
    status: 'active',
    createdAt: at,
    updatedAt: at,
    role: 'owner',
  },
];
const links: Link[] = [
  {
    id: 'l1',
    workspaceId: 'w1',
    workspaceName: 'Harbour',
    projectId: 'p1',
    projectName: 'Sensors',
    title: 'Staging',
    url: 'https://staging.example/',
    createdAt: at,
    role: 'owner',
  },
];

let asked: { url: string; query: Query }[] = [];
let created: Record<string, unknown> | undefined;
const adapter: AxiosAdapter = async (config) => {
  const query = { ...(config.params as Query | undefined) };
  asked.push({ url: config.url ?? '', query });
  const ok = (data: unknown, status = 200) => ({ status, statusText: 'OK', data, headers: {}, config });
  if (config.url === 'workspaces') return ok({ items: workspaces, next: null });
  const [collection, id] = (config.url ?? '').split('/');
  if (id && (collection === 'workspaces' || collection === 'projects')) {
    const found = [...workspaces, ...projects].find((item) => item.id === id);
    if (found) return ok(found);
    const notFound = { statusCode: 404, code: 'not_found', message: 'Not found', error: 'Not Found' };
    throw new AxiosError('Not found', 'ERR_BAD_REQUEST', config, {}, { ...ok(notFound, 404), statusText: 'Not Found' });
  }
  if (config.url === 'projects')
    return ok({ items: projects.filter((p) => !query.workspaceId || p.workspaceId === query.workspaceId), next: null });
  if (config.url === 'links' && config.method === 'post') {
    created = JSON.parse(String(config.data)) as Record<string, unknown>;
    return ok({ ...links[0], ...created, id: 'l2', workspaceName: 'Vineyard', projectName: null }, 201);
  }
  return ok({ items: links, next: null });
};
const realAdapter = http.defaults.adapter;

beforeEach(() => {
  asked = [];
  created = undefined;
  http.defaults.adapter = adapter;
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

describe('LinksScreen', () => {
  it('shows the workspace and project each link carries, asking for neither list whole', async () => {
    renderWithProviders(<LinksScreen />);
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent('Harbour');
    expect(row).toHaveTextContent('Sensors');
    await waitFor(() => expect(asked.some((a) => a.url === 'projects')).toBe(true));
    for (const { url, query } of asked.filter((a) => a.url !== 'links')) {
      expect(`${url} ${Number(query.limit)}`).toMatch(/ (1|20)$/);
    }
  });

  it("offers only the chosen workspace's projects in the form, and forgets the project when the workspace changes", async () => {
    renderWithProviders(<LinksScreen />);
    await screen.findByRole('listitem');
    await userEvent.click(screen.getAllByRole('button', { name: 'New link' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New link' });
    const workspace = within(dialog).getByRole('combobox', { name: /^Workspace/ });
    await waitFor(() => expect(workspace).toHaveValue('w1'));
    const project = await within(dialog).findByRole('combobox', { name: 'Project' });
    await within(project).findByRole('option', { name: 'Sensors' });
    expect(within(project).queryByRole('option', { name: 'Shop' })).not.toBeInTheDocument();
    await userEvent.selectOptions(project, 'Sensors');

    await userEvent.selectOptions(workspace, 'Vineyard');
    await within(project).findByRole('option', { name: 'Shop' });
    expect(project).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Wine shop');
    await userEvent.type(within(dialog).getByLabelText(/^URL/), 'shop.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    await waitFor(() =>
      expect(created).toEqual({ title: 'Wine shop', url: 'https://shop.example', projectId: null, workspaceId: 'w2' }),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Wine shop'));
  });

  it("a project in the address that is not the user's falls back to all projects, and says so beside the filter", async () => {
    renderWithProviders(<LinksScreen />, { route: '/links?workspace=w1&project=p-gone' });
    const project = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() =>
      expect(project).toHaveAccessibleDescription(
        'The project in this link is not one of yours (it may have been deleted), so the links of all projects are shown.',
      ),
    );
    expect(project).toHaveDisplayValue('All projects');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Workspace' })).toHaveDisplayValue('Harbour'));
    expect(screen.getByRole('combobox', { name: 'Workspace' })).not.toHaveAccessibleDescription();
    await waitFor(() => expect(asked.filter((a) => a.url === 'links').at(-1)?.query).toEqual({ workspaceId: 'w1' }));
  });
});

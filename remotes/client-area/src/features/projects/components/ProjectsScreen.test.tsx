import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http, type Project, type Workspace } from '@kloof/api-client';
import { renderWithProviders } from '@kloof/ui/testing';
import { ProjectsScreen } from './ProjectsScreen';

type Query = Record<string, string | number | undefined>;

/** In-memory /v1/workspaces and /v1/projects: keyset pages newest first, with the API's filters and names. */
function fakeApi() {
  const workspaces: Workspace[] = [];
  const projects: Project[] = [];
  const asked = { workspaces: [] as Query[], projects: [] as Query[] };
  /** The picker's searches (20 at a time) get no answer, as on a slow network. */
  const slow = { picker: false };
  const reply = (config: InternalAxiosRequestConfig, status: number, data?: unknown) => {
    const response = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  const page = <T extends { id: string }>(rows: T[], query: Query) => {
    const start = query.after ? rows.findIndex((r) => r.id === query.after) + 1 : 0;
    const items = rows.slice(start, start + Number(query.limit ?? 50));
    return { items, next: start + items.length < rows.length ? items.at(-1)!.id : null };
  };
  const holds = (name: string, search: unknown) => name.toLowerCase().includes(String(search ?? '').toLowerCase());
  const adapter: AxiosAdapter = async (config) => {
    const [collection, id] = (config.url ?? '').split('/');
    const method = config.method?.toUpperCase();
    const query = { ...(config.params as Query | undefined) };
    const body = config.data ? (JSON.parse(String(config.data)) as Partial<Project>) : {};
    if (collection === 'workspaces' && method === 'GET' && !id) {
      asked.workspaces.push(query);
      if (slow.picker && query.limit === 20) return new Promise<never>(() => undefined);
      return reply(
        config,
        200,
        page(
          workspaces.filter((w) => holds(w.name, query.search)),
          query,
        ),
      );
    }
    const workspace = workspaces.find((w) => w.id === id);
    if (collection === 'workspaces' && method === 'GET' && workspace) return reply(config, 200, workspace);
    if (collection === 'projects' && method === 'GET') {
      asked.projects.push(query);
      const found = projects.filter(
        (p) =>
          (!query.workspaceId || p.workspaceId === query.workspaceId) &&
          (!query.status || p.status === query.status) &&
          holds(p.name, query.search),
      );
      return reply(config, 200, page(found, query));
    }
    if (collection === 'projects' && method === 'POST') {
      const workspace = workspaces.find((w) => w.id === body.workspaceId)!;
      const now = '2026-03-01T10:00:00.000Z';
      const created: Project = {
        id: `p${projects.length + 1}`,
        workspaceId: workspace.id,
        workspaceName: workspace.name,
        name: body.name!,
        description: body.description ?? '',
        status: body.status ?? 'planning',
        createdAt: now,
        updatedAt: now,
        role: 'owner',
      };
      projects.unshift(created);
      return reply(config, 201, created);
    }
    const index = projects.findIndex((p) => p.id === id);
    if (collection === 'projects' && method === 'PATCH' && index >= 0) {
      projects[index] = { ...projects[index]!, ...body };
      return reply(config, 200, projects[index]);
    }
    return reply(config, 404, { statusCode: 404, code: 'not_found', message: 'Not found', error: 'Not Found' });
  };
  return { workspaces, projects, asked, slow, adapter };
}

const realAdapter = http.defaults.adapter;
let api: ReturnType<typeof fakeApi>;

/** 30 workspaces, "Client 30" the newest; "Harbour" the oldest, so never among the first 20. */
function seed(): void {
  for (let n = 30; n >= 1; n--) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
    const name = n === 1 ? 'Harbour' : `Client ${n}`;
    api.workspaces.push({
      id: `w${n}`,
      name,
      description: '',
      ownerId: 'u1',
      createdAt: at,
      updatedAt: at,
      projectCount: 0,
      role: 'owner',
    });
  }
  const project = (n: number, status: Project['status']): Project => ({
    id: `p-seed-${n}`,
    workspaceId: `w${n}`,
    workspaceName: `Client ${n}`,
    name: `Project ${n}`,
    description: '',
    status,
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    role: 'owner',
  });
  api.projects.push(project(30, 'active'), project(29, 'planning'), project(28, 'active'));
}

const rowTexts = () =>
  within(screen.getByRole('list', { name: 'Projects' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');

beforeEach(() => {
  api = fakeApi();
  http.defaults.adapter = api.adapter;
  seed();
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

describe('ProjectsScreen', () => {
  it('offers no Edit or Delete on the projects of a workspace the user only views', async () => {
    api.projects[1] = { ...api.projects[1]!, role: 'viewer' };
    renderWithProviders(<ProjectsScreen />);
    const list = await screen.findByRole('list', { name: 'Projects' });
    expect(within(list).getByRole('button', { name: 'Edit Project 30' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Edit Project 29' })).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Delete Project 29' })).toBeNull();
  });

  it("names each project's workspace from the project itself and never asks for every workspace", async () => {
    renderWithProviders(<ProjectsScreen />);
    await screen.findByRole('list', { name: 'Projects' });
    expect(rowTexts()[0]).toContain('Client 30');
    expect(rowTexts()[1]).toContain('Client 29');
    await waitFor(() => expect(api.asked.workspaces.length).toBeGreaterThanOrEqual(2));
    // One row to know there is a workspace, the filter's first 20 matches: never the whole list.
    for (const query of api.asked.workspaces) expect(Number(query.limit)).toBeLessThanOrEqual(20);
  });

  it('finds the workspace of a new project by name on the server, and puts the project on top', async () => {
    renderWithProviders(<ProjectsScreen />);
    await screen.findByRole('list', { name: 'Projects' });
    await userEvent.click(screen.getAllByRole('button', { name: 'New project' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    const workspace = within(dialog).getByRole('combobox', { name: /^Workspace/ });
    await waitFor(() => expect(workspace).toHaveValue('w30'));
    expect(within(workspace).queryByRole('option', { name: 'Harbour' })).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Find a workspace' }), 'harb');
    await within(workspace).findByRole('option', { name: 'Harbour' });
    expect(api.asked.workspaces.at(-1)).toEqual({ limit: 20, search: 'harb' });
    await userEvent.selectOptions(workspace, 'Harbour');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Sensors');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));

    await waitFor(() => expect(rowTexts()[0]).toContain('Sensors'));
    expect(rowTexts()[0]).toContain('Harbour');
    expect(api.projects[0]).toMatchObject({ name: 'Sensors', workspaceId: 'w1' });
    expect(api.asked.projects).toHaveLength(1);
  });

  it('filters by status on the server; a project changed out of the filter leaves the list', async () => {
    renderWithProviders(<ProjectsScreen />);
    await screen.findByRole('list', { name: 'Projects' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(api.asked.projects.at(-1)).toEqual({ status: 'active' });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Project 30' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit project' });
    expect(within(dialog).getByRole('combobox', { name: /^Workspace/ })).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Completed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(rowTexts()[0]).toContain('Project 28');
    expect(api.asked.projects).toHaveLength(2);
  });

  it('a workspace filter from the address shows its name, looked up alone, though it is not among the first matches', async () => {
    renderWithProviders(<ProjectsScreen />, { route: '/projects?workspace=w1' });
    const filter = await screen.findByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(filter).toHaveDisplayValue('Harbour'));
    expect(api.asked.projects[0]).toEqual({ workspaceId: 'w1' });
    expect(await screen.findByRole('heading', { name: 'No projects in this workspace yet' })).toBeInTheDocument();
  });

  it("a workspace in the address that is not the user's falls back to all workspaces, and says so beside the filter", async () => {
    renderWithProviders(<ProjectsScreen />, { route: '/projects?workspace=w-deleted' });
    const filter = await screen.findByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(filter).toHaveAccessibleDescription(/^The workspace in this link is not one of yours/));
    expect(filter).toHaveAccessibleDescription(
      'The workspace in this link is not one of yours (it may have been deleted), so the projects of all workspaces are shown.',
    );
    expect(filter).toHaveDisplayValue('All workspaces');
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    expect(api.asked.projects.at(-1)).toEqual({});

    await userEvent.selectOptions(filter, 'Client 30');
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
    expect(filter).not.toHaveAccessibleDescription();
  });

  it('a new project starts in the newest workspace, named, before the picker has answered', async () => {
    api.slow.picker = true;
    renderWithProviders(<ProjectsScreen />);
    await screen.findByRole('list', { name: 'Projects' });
    await userEvent.click(screen.getAllByRole('button', { name: 'New project' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    expect(within(dialog).getByRole('combobox', { name: /^Workspace/ })).toHaveDisplayValue('Client 30');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Sensors');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(rowTexts()[0]).toContain('Sensors'));
    expect(api.projects[0]).toMatchObject({ name: 'Sensors', workspaceId: 'w30' });
  });
});

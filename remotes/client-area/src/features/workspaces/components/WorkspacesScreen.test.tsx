import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http, type Workspace } from '@kloof/api-client';
import { renderWithProviders } from '@kloof/ui/testing';
import { WorkspacesScreen } from './WorkspacesScreen';

/** An in-memory /v1/workspaces with the API's shapes: keyset pages (newest first), search, its refusal for an empty name. */
function fakeWorkspacesApi() {
  const store: Workspace[] = [];
  const state = { failList: false, calls: [] as string[], queries: [] as Record<string, unknown>[] };
  const reply = (config: InternalAxiosRequestConfig, status: number, data?: unknown) => {
    const response = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  const adapter: AxiosAdapter = async (config) => {
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    state.calls.push(key);
    const body = config.data ? (JSON.parse(String(config.data)) as Partial<Workspace>) : {};
    const id = config.url?.split('/')[1];
    if (key === 'GET workspaces') {
      const query = (config.params ?? {}) as { after?: string; limit?: number; search?: string };
      state.queries.push({ ...query });
      if (state.failList)
        return reply(config, 500, {
          statusCode: 500,
          code: 'internal_error',
          message: 'Database unavailable',
          error: 'Internal Server Error',
        });
      const found = store.filter((w) => w.name.toLowerCase().includes((query.search ?? '').toLowerCase()));
      // The cursor here is the last row's id: opaque to the screen, as the API's is.
      const start = query.after ? found.findIndex((w) => w.id === query.after) + 1 : 0;
      const items = found.slice(start, start + (query.limit ?? 50));
      const next = start + items.length < found.length ? items.at(-1)!.id : null;
      return reply(config, 200, { items, next });
    }
    if (key === 'POST workspaces') {
      if (!body.name?.trim() || body.name === 'Refused')
        return reply(config, 400, {
          statusCode: 400,
          code: 'validation_failed',
          message: 'name must not be empty',
          error: 'Bad Request',
        });
      const name = body.name.trim();
      if (store.some((w) => w.name.toLowerCase() === name.toLowerCase())) {
        const message = `You already have a workspace named “${name}”. Please choose another name.`;
        return reply(config, 409, { statusCode: 409, code: 'conflict', message, error: 'Conflict' });
      }
      const now = new Date('2026-03-01T10:00:00Z').toISOString();
      const created: Workspace = {
        id: `w${store.length + 1}`,
        name: body.name.trim(),
        description: body.description ?? '',
        ownerId: 'u1',
        createdAt: now,
        updatedAt: now,
        projectCount: 0,
        role: 'owner',
      };
      store.unshift(created);
      return reply(config, 201, created);
    }
    const index = store.findIndex((w) => w.id === id);
    if (key.startsWith('PATCH') && index >= 0) {
      store[index] = { ...store[index]!, ...body };
      return reply(config, 200, store[index]);
    }
    if (key.startsWith('DELETE') && index >= 0) {
      store.splice(index, 1);
      return reply(config, 204);
    }
    return reply(config, 404, {
      statusCode: 404,
      code: 'not_found',
      message: 'Workspace not found',
      error: 'Not Found',
    });
  };
  return { store, state, adapter };
}

/** `count` workspaces, "Workspace 1" the oldest; the store keeps the newest first, as the API answers. */
function seed(count: number): void {
  for (let n = count; n >= 1; n--) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
    api.store.push({
      id: `w${n}`,
      name: `Workspace ${n}`,
      description: '',
      ownerId: 'u1',
      createdAt: at,
      updatedAt: at,
      projectCount: 0,
      role: 'owner',
    });
  }
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Workspaces' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

const realAdapter = http.defaults.adapter;
let api: ReturnType<typeof fakeWorkspacesApi>;

beforeEach(() => {
  api = fakeWorkspacesApi();
  http.defaults.adapter = api.adapter;
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

describe('WorkspacesScreen', () => {
  it('shows the empty state, creates a workspace and lists it', async () => {
    renderWithProviders(<WorkspacesScreen />);
    expect(await screen.findByRole('heading', { name: 'No workspaces yet' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'New workspace' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New workspace' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Acme');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'The Acme account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    const list = await screen.findByRole('list', { name: 'Workspaces' });
    expect(within(list).getByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(within(list).getByText('The Acme account')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says what is wrong under the field, in words for people, before and after asking the API', async () => {
    renderWithProviders(<WorkspacesScreen />);
    await userEvent.click((await screen.findAllByRole('button', { name: 'New workspace' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New workspace' });
    const name = within(dialog).getByLabelText(/Name/);
    await userEvent.type(name, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    expect(name).toHaveAccessibleDescription('Enter a name for the workspace.');
    expect(api.state.calls).not.toContain('POST workspaces');

    // The API refuses with its developer wording: the user reads it in theirs.
    await userEvent.type(name, 'Refused');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Please enter the name.'));
    expect(dialog).not.toHaveTextContent('name must not be empty');
    expect(api.store).toHaveLength(0);
  });

  it('a name already in use is refused under the name field, and the dialog stays open', async () => {
    renderWithProviders(<WorkspacesScreen />);
    for (const attempt of ['Acme', 'acme']) {
      await userEvent.click((await screen.findAllByRole('button', { name: 'New workspace' }))[0]!);
      const dialog = screen.getByRole('dialog', { name: 'New workspace' });
      await userEvent.type(within(dialog).getByLabelText(/Name/), attempt);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    }
    const dialog = screen.getByRole('dialog', { name: 'New workspace' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Name/)).toHaveAccessibleDescription(
        'You already have a workspace named “acme”. Please choose another name.',
      ),
    );
    expect(api.store).toHaveLength(1);
  });

  it('asks before deleting; Cancel keeps the workspace, confirming deletes it', async () => {
    api.store.push({
      id: 'w9',
      name: 'Old site',
      description: '',
      ownerId: 'u1',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      projectCount: 2,
      role: 'owner',
    });
    renderWithProviders(<WorkspacesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old site' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete workspace?' });
    expect(dialog).toHaveTextContent('Its 2 projects and their links are deleted with it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.state.calls).not.toContain('DELETE workspaces/w9');
    expect(screen.getByRole('heading', { name: 'Old site' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Old site' }));
    dialog = screen.getByRole('dialog', { name: 'Delete workspace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete workspace' }));
    expect(await screen.findByRole('heading', { name: 'No workspaces yet' })).toBeInTheDocument();
    expect(api.state.calls).toContain('DELETE workspaces/w9');
  });

  it("shows a load error with the server's text and recovers on retry", async () => {
    api.state.failList = true;
    renderWithProviders(<WorkspacesScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your workspaces could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
    api.state.failList = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No workspaces yet' })).toBeInTheDocument();
  });

  it('shows the first 50 of 120 workspaces, 50 more on each "Load more", and says how many are shown', async () => {
    seed(120);
    renderWithProviders(<WorkspacesScreen />);
    await screen.findByRole('list', { name: 'Workspaces' });
    expect(cardNames()).toHaveLength(50);
    expect(cardNames()[0]).toBe('Workspace 120');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 50 workspaces. There are more.');

    await userEvent.click(screen.getByRole('button', { name: 'Load more workspaces' }));
    await waitFor(() => expect(cardNames()).toHaveLength(100));
    await userEvent.click(screen.getByRole('button', { name: 'Load more workspaces' }));
    await waitFor(() => expect(cardNames()).toHaveLength(120));
    expect(cardNames().at(-1)).toBe('Workspace 1');
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 120 workspaces.');
    expect(screen.queryByRole('button', { name: 'Load more workspaces' })).not.toBeInTheDocument();
    expect(api.state.queries).toEqual([{}, { after: 'w71' }, { after: 'w21' }]);
  });

  it('leaves the search to the server, asked once typing pauses, and says when nothing matches', async () => {
    seed(120);
    renderWithProviders(<WorkspacesScreen />);
    await screen.findByRole('list', { name: 'Workspaces' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search workspaces' }), 'workspace 7');
    await waitFor(() => expect(cardNames()).toHaveLength(11));
    expect(cardNames()).toEqual([
      'Workspace 79',
      ...Array.from({ length: 9 }, (_, i) => `Workspace ${78 - i}`),
      'Workspace 7',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 11 workspaces.');
    expect(api.state.queries).toEqual([{}, { search: 'workspace 7' }]);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search workspaces' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search workspaces' }), 'harbour');
    expect(await screen.findByRole('heading', { name: 'No workspaces match “harbour”' })).toBeInTheDocument();
  });

  it('puts a new workspace on top, renames and deletes in place, and never asks for the list again', async () => {
    seed(60);
    renderWithProviders(<WorkspacesScreen />);
    await screen.findByRole('list', { name: 'Workspaces' });

    await userEvent.click(screen.getAllByRole('button', { name: 'New workspace' })[0]!);
    let dialog = screen.getByRole('dialog', { name: 'New workspace' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Acme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(cardNames()[0]).toBe('Acme'));

    await userEvent.click(screen.getByRole('button', { name: 'Edit Workspace 59' }));
    dialog = screen.getByRole('dialog', { name: 'Edit workspace' });
    await userEvent.clear(within(dialog).getByLabelText(/Name/));
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Harbour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(cardNames().slice(0, 4)).toEqual(['Acme', 'Workspace 60', 'Harbour', 'Workspace 58']));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Workspace 60' }));
    dialog = screen.getByRole('dialog', { name: 'Delete workspace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete workspace' }));
    await waitFor(() => expect(cardNames().slice(0, 2)).toEqual(['Acme', 'Harbour']));
    expect(cardNames()).toHaveLength(50);
    expect(api.state.queries).toEqual([{}]);

    // The next page starts after the last row the server handed out: nothing twice, nothing missed.
    await userEvent.click(screen.getByRole('button', { name: 'Load more workspaces' }));
    await waitFor(() => expect(cardNames()).toHaveLength(60));
    expect(new Set(cardNames()).size).toBe(60);
    expect(cardNames().at(-1)).toBe('Workspace 1');
  });
});

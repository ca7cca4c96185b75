import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http, type Workspace } from '@kloof/api-client';
import { renderWithProviders } from '@kloof/ui/testing';
import { WorkspacesScreen } from './WorkspacesScreen';

/** An in-memory /v1/workspaces with the API's shapes and its refusal for an empty name. */
function fakeWorkspacesApi() {
  const store: Workspace[] = [];
  const state = { failList: false, calls: [] as string[] };
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
      return state.failList
        ? reply(config, 500, { statusCode: 500, message: 'Database unavailable', error: 'Internal Server Error' })
        : reply(config, 200, [...store]);
    }
    if (key === 'POST workspaces') {
      if (!body.name?.trim() || body.name === 'Refused')
        return reply(config, 400, { statusCode: 400, message: 'name must not be empty', error: 'Bad Request' });
      const name = body.name.trim();
      if (store.some((w) => w.name.toLowerCase() === name.toLowerCase())) {
        const message = `You already have a workspace named “${name}”. Please choose another name.`;
        return reply(config, 409, { statusCode: 409, message, error: 'Conflict' });
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
    return reply(config, 404, { statusCode: 404, message: 'Workspace not found', error: 'Not Found' });
  };
  return { store, state, adapter };
}

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
});

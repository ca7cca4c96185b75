import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http, type Workspace, type WorkspaceMember, type WorkspaceRole } from '@kloof/api-client';
import { renderWithProviders } from '@kloof/ui/testing';
import { MembersScreen } from './MembersScreen';

const at = '2026-03-01T10:00:00.000Z';
const member = (userId: string, username: string, role: WorkspaceRole): WorkspaceMember => ({
  userId,
  email: `${username.toLowerCase()}@example.com`,
  username,
  role,
  addedAt: at,
});

/** In-memory members and invitations of workspace w1, where the user has `role`; the calls it got. */
function fakeApi(role: WorkspaceRole) {
  const workspace: Workspace = {
    id: 'w1',
    name: 'Harbour',
    description: '',
    ownerId: 'u1',
    createdAt: at,
    updatedAt: at,
    projectCount: 0,
    role,
  };
  const members = [member('u1', 'Thandi', 'owner'), member('u2', 'Sipho', 'viewer')];
  const calls: string[] = [];
  const reply = (config: InternalAxiosRequestConfig, status: number, data?: unknown) => {
    const response = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 400) throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  const adapter: AxiosAdapter = async (config) => {
    const call = `${config.method?.toUpperCase()} ${config.url}`;
    calls.push(call);
    if (call === 'GET workspaces/w1') return reply(config, 200, workspace);
    if (call === 'GET workspaces/w1/members') return reply(config, 200, { items: members, next: null });
    if (call === 'GET workspaces/w1/invitations') {
      const items = [{ id: 'i1', email: 'new@example.com', role: 'editor', createdAt: at, expiresAt: at }];
      return reply(config, 200, { items, next: null });
    }
    if (call === 'PATCH workspaces/w1/members/u2') {
      const body = JSON.parse(String(config.data)) as { role: WorkspaceRole };
      return reply(config, 200, { ...members[1]!, role: body.role });
    }
    return reply(config, 404, { statusCode: 404, code: 'not_found', message: 'Not found', error: 'Not Found' });
  };
  return { adapter, calls };
}

const realAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

describe('MembersScreen', () => {
  it("shows an owner each member's role to change, Remove, the invite form and the pending invitations", async () => {
    const api = fakeApi('owner');
    http.defaults.adapter = api.adapter;
    renderWithProviders(<MembersScreen workspaceId="w1" />);
    const list = await screen.findByRole('list', { name: 'Members' });
    await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(list).getByRole('button', { name: 'Remove Sipho' })).toBeTruthy();
    await userEvent.selectOptions(within(list).getByRole('combobox', { name: 'Role of Sipho' }), 'editor');
    await waitFor(() => expect(api.calls).toContain('PATCH workspaces/w1/members/u2'));
    expect(screen.getByRole('form', { name: 'Invite a member' })).toBeTruthy();
  });

  it('shows a viewer the members and Leave only, asking first with Cancel focused', async () => {
    const api = fakeApi('viewer');
    http.defaults.adapter = api.adapter;
    renderWithProviders(<MembersScreen workspaceId="w1" />);
    const list = await screen.findByRole('list', { name: 'Members' });
    await screen.findByRole('heading', { name: 'Members of Harbour' });
    expect(within(list).queryByRole('combobox')).toBeNull();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(api.calls).not.toContain('GET workspaces/w1/invitations');
    await userEvent.click(screen.getByRole('button', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this workspace?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
  });
});

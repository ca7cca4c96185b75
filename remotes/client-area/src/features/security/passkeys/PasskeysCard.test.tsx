import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Passkey } from '@kloof/api-client';
import { aUser, ok, refusal, stubApi } from '@kloof/api-client/testing';
import { authStore } from '@kloof/auth';
import { renderWithProviders } from '@kloof/ui/testing';
import { PasskeysCard } from './PasskeysCard';

let passkeys: Passkey[] = [];
const api = stubApi();
const { sent } = api;

const laptop: Passkey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Chrome on Linux',
  createdAt: '2030-01-01T08:00:00.000Z',
  lastUsedAt: null,
  synced: false,
};
const phone: Passkey = { ...laptop, id: '22222222-2222-4222-8222-222222222222', name: 'iPhone', synced: true };

beforeEach(() => {
  passkeys = [laptop, phone];
  api.install({
    'GET current-user/passkeys': () => ok({ items: passkeys }),
    [`PATCH current-user/passkeys/${laptop.id}`]: ({ body }) => {
      passkeys = passkeys.map((p) => (p.id === laptop.id ? { ...p, name: body.name } : p));
      return ok(passkeys[0]);
    },
    [`POST current-user/passkeys/${phone.id}/remove`]: ({ body }) => {
      if (body.currentPassword !== 'my password')
        return refusal(400, 'current_password_mismatch', 'Current password is incorrect');
      passkeys = passkeys.filter((p) => p.id !== phone.id);
      return ok();
    },
  });
  authStore.login({ accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' }, aUser());
});
afterEach(() => {
  api.restore();
  act(() => authStore.logout());
});

describe('Passkeys card', () => {
  it('lists the passkeys with when they were added and last used, and which are synced', async () => {
    renderWithProviders(<PasskeysCard />);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Chrome on Linux');
    expect(first).toHaveTextContent(/Added .+ · last used never/);
    expect(within(first!).queryByText('Synced')).not.toBeInTheDocument();
    expect(within(second!).getByText('Synced')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove iPhone' })).toBeInTheDocument();
  });

  it('renames one in place; the focus goes to the name, then back to its Rename button', async () => {
    renderWithProviders(<PasskeysCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Chrome on Linux' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a name')).toBeInTheDocument();
    await userEvent.type(name, 'Work laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const renamed = await screen.findByRole('button', { name: 'Rename Work laptop' });
    await waitFor(() => expect(renamed).toHaveFocus());
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Work laptop' });
  });

  it('removes one after the current password, in a dialog that says what it means', async () => {
    renderWithProviders(<PasskeysCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove iPhone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove iPhone?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with it.');
    const password = within(dialog).getByLabelText(/^Current password/);
    expect(password).toHaveFocus();
    await userEvent.type(password, 'not it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'my password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove iPhone' })).not.toBeInTheDocument());
  });

  it('says so where the browser cannot use passkeys, instead of offering to add one', async () => {
    renderWithProviders(<PasskeysCard />);
    expect(await screen.findByText('This browser cannot use passkeys.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});

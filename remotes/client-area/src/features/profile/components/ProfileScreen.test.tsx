import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { http, type User } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { authStore } from '@kloof/auth';
import { renderWithProviders } from '@kloof/ui/testing';
import { ProfileScreen } from './ProfileScreen';

const user: User = aUser({ id: 'u1', email: 'ann@example.com', username: 'ann', fullName: 'Ann Smit' });
let sent: { method?: string; url?: string; data?: Record<string, unknown> }[] = [];
const adapter: AxiosAdapter = async (config) => {
  const data = config.data ? (JSON.parse(String(config.data)) as Record<string, unknown>) : undefined;
  sent.push({ method: config.method, url: config.url, data });
  if (config.url === 'current-user')
    return { status: 200, statusText: 'OK', data: { ...user, ...data }, headers: {}, config };
  if (data?.currentPassword !== 'right-password') {
    const body = { statusCode: 400, message: 'Current password is incorrect', error: 'Bad Request' };
    throw new AxiosError(
      'Bad',
      'ERR_BAD_REQUEST',
      config,
      {},
      { status: 400, statusText: 'Bad', data: body, headers: {}, config },
    );
  }
  return { status: 200, statusText: 'OK', data: { message: 'Your password has been changed.' }, headers: {}, config };
};
const realAdapter = http.defaults.adapter;

beforeEach(() => {
  sent = [];
  http.defaults.adapter = adapter;
  authStore.login({ accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' }, user);
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
  act(() => authStore.logout());
});

describe('ProfileScreen', () => {
  it('saves username and details and puts the saved user in the auth store', async () => {
    renderWithProviders(<ProfileScreen />);
    const form = screen.getByRole('form', { name: 'Your details' });
    expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');
    await userEvent.clear(within(form).getByLabelText(/Username/));
    await userEvent.type(within(form).getByLabelText(/Username/), 'annie');
    await userEvent.type(within(form).getByLabelText('Company'), 'Fynbos Labs');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await screen.findByRole('button', { name: 'Save profile' });
    expect(sent[0]).toEqual({
      method: 'patch',
      url: 'current-user',
      data: { username: 'annie', fullName: 'Ann Smit', company: 'Fynbos Labs', phone: '' },
    });
    expect(authStore.getSession().user?.username).toBe('annie');
  });

  it('refuses an empty username without calling the API', async () => {
    renderWithProviders(<ProfileScreen />);
    const form = screen.getByRole('form', { name: 'Your details' });
    await userEvent.clear(within(form).getByLabelText(/Username/));
    await userEvent.type(within(form).getByLabelText(/Username/), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(within(form).getByLabelText(/Username/)).toHaveAccessibleDescription('Enter a username.');
    expect(within(form).getByLabelText(/Username/)).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('password: checks the confirmation first, then shows the API refusal, then succeeds', async () => {
    renderWithProviders(<ProfileScreen />);
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText(/Current password/), 'wrong-password');
    await userEvent.type(within(form).getByLabelText(/^New password/), 'new-password-1');
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'new-password-2');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText(/Confirm new password/)).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    expect(sent).toEqual([]);

    await userEvent.clear(within(form).getByLabelText(/Confirm new password/));
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'new-password-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Current password is incorrect');

    await userEvent.clear(within(form).getByLabelText(/Current password/));
    await userEvent.type(within(form).getByLabelText(/Current password/), 'right-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(form).getByLabelText(/Current password/)).toHaveValue(''));
    expect(sent.at(-1)).toEqual({
      method: 'post',
      url: 'current-user/password',
      data: { currentPassword: 'right-password', password: 'new-password-1', passwordConfirm: 'new-password-1' },
    });
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('password: refuses a new password equal to the current one without calling the API', async () => {
    renderWithProviders(<ProfileScreen />);
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText(/Current password/), 'same-password');
    await userEvent.type(within(form).getByLabelText(/^New password/), 'same-password');
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'same-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText(/^New password/)).toHaveAccessibleDescription(
      expect.stringContaining('The new password must differ from your current one.'),
    );
    expect(sent).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http, type ApiErrorCode, type User } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { authStore } from '@kloof/auth';
import { renderWithProviders } from '@kloof/ui/testing';
import { ProfileScreen } from './ProfileScreen';

const user: User = aUser({ id: 'u1', email: 'ann@example.com', username: 'ann', fullName: 'Ann Smit' });
let sent: { method?: string; url?: string; data?: Record<string, unknown> }[] = [];
const adapter: AxiosAdapter = async (config) => {
  const data = config.data ? (JSON.parse(String(config.data)) as Record<string, unknown>) : undefined;
  sent.push({ method: config.method, url: config.url, data });
  if (config.url === 'auth/email-change/confirm') {
    movedTo = 'ann@new.example.com';
    return { status: 200, statusText: 'OK', data: { message: 'Changed.', email: movedTo }, headers: {}, config };
  }
  if (config.url === 'current-user')
    return {
      status: 200,
      statusText: 'OK',
      data: { ...user, email: movedTo ?? user.email, ...data },
      headers: {},
      config,
    };
  if (config.url === 'current-user/fresh-proof') {
    if (data?.password !== 'right-password')
      throw refusal(config, 400, 'current_password_mismatch', 'Current password is incorrect');
    proved = true;
    return { status: 200, statusText: 'OK', data: { kind: 'password' }, headers: {}, config };
  }
  if (!proved)
    throw refusal(config, 403, 'fresh_proof_required', 'Please confirm it is you.', {
      reason: 'fresh-proof-required',
      kinds: ['password'],
      maxAgeSeconds: 300,
    });
  return { status: 200, statusText: 'OK', data: { message: 'Your password has been changed.' }, headers: {}, config };
};
const realAdapter = http.defaults.adapter;
/** Whether this session has proved it is its owner (the API's fresh proof). */
let proved = false;
/** The address a followed e-mail change link moved the account to. */
let movedTo: string | undefined;

function refusal(
  config: InternalAxiosRequestConfig,
  status: number,
  code: ApiErrorCode,
  message: string,
  feedback?: unknown,
) {
  const body = { statusCode: status, code, message, error: 'Refused', feedback };
  return new AxiosError(
    'Refused',
    'ERR_BAD_REQUEST',
    config,
    {},
    { status, statusText: '', data: body, headers: {}, config },
  );
}

beforeEach(() => {
  sent = [];
  proved = false;
  movedTo = undefined;
  http.defaults.adapter = adapter;
  authStore.login({ accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' }, user);
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
  act(() => authStore.logout());
});

/** Renders the screen and sends the password form with this new password, typed twice. */
async function submitNewPassword(password: string) {
  renderWithProviders(<ProfileScreen />);
  const form = screen.getByRole('form', { name: 'Change password' });
  await userEvent.type(within(form).getByLabelText(/^New password/), password);
  await userEvent.type(within(form).getByLabelText(/Confirm new password/), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  return form;
}

describe('ProfileScreen', () => {
  it('follows an e-mail change link once: the token leaves the address bar, the new address shows', async () => {
    window.history.replaceState(null, '', '/user/profile#email-change=token-from-the-mail');
    renderWithProviders(<ProfileScreen />);
    await waitFor(() => expect(authStore.getSession().user?.email).toBe('ann@new.example.com'));
    expect(window.location.hash).toBe('');
    expect(sent.filter((r) => r.url === 'auth/email-change/confirm')).toEqual([
      { method: 'post', url: 'auth/email-change/confirm', data: { token: 'token-from-the-mail' } },
    ]);
  });

  it('e-mail: asks for a fresh proof, then sends the new address; the current one stays until the link', async () => {
    renderWithProviders(<ProfileScreen />);
    const form = screen.getByRole('form', { name: 'Change e-mail address' });
    await userEvent.type(within(form).getByLabelText(/^New e-mail address/), 'ann@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(within(form).getByLabelText(/^New e-mail address/)).toHaveAccessibleDescription(
      expect.stringContaining('This is already your e-mail address.'),
    );
    expect(sent).toEqual([]);
    await userEvent.clear(within(form).getByLabelText(/^New e-mail address/));
    await userEvent.type(within(form).getByLabelText(/^New e-mail address/), 'ann@new.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(dialog).getByLabelText(/^Your password/), 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        method: 'post',
        url: 'current-user/email',
        data: { email: 'ann@new.example.com' },
      }),
    );
    expect(authStore.getSession().user?.email).toBe('ann@example.com');
  });

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

  it('says under the phone field that "abc" is no phone number, without calling the API; a real one is sent', async () => {
    renderWithProviders(<ProfileScreen />);
    const form = screen.getByRole('form', { name: 'Your details' });
    const phone = within(form).getByLabelText('Phone');
    await userEvent.type(phone, 'abc');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('Enter a phone number of 7 to 15 digits, like +27 21 555 0143.'),
    );
    expect(phone).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.clear(phone);
    await userEvent.type(phone, ' (021) 555-0143 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent[0]?.data).toMatchObject({ phone: '(021) 555-0143' }));
  });

  it('password: checks the confirmation first, then confirms it is you in the re-check dialog, then changes it', async () => {
    renderWithProviders(<ProfileScreen />);
    const form = screen.getByRole('form', { name: 'Change password' });
    expect(within(form).queryByLabelText(/Current password/)).not.toBeInTheDocument();
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
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(dialog).getByLabelText(/^Your password/), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    await userEvent.clear(within(dialog).getByLabelText(/^Your password/));
    await userEvent.type(within(dialog).getByLabelText(/^Your password/), 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(form).getByLabelText(/^New password/)).toHaveValue(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.filter((r) => r.url === 'current-user/password').map((r) => r.data)).toEqual([
      { password: 'new-password-1', passwordConfirm: 'new-password-1' },
      { password: 'new-password-1', passwordConfirm: 'new-password-1' },
    ]);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("password: refuses the account's own e-mail address without calling the API", async () => {
    const form = await submitNewPassword('Ann@Example.com');
    expect(within(form).getByLabelText(/^New password/)).toHaveAccessibleDescription(
      expect.stringContaining(
        'Your password must not be your e-mail address or the part before the @. Please choose another.',
      ),
    );
    expect(sent).toEqual([]);
  });

  it('password: closing the re-check dialog changes nothing and says so', async () => {
    const form = await submitNewPassword('new-password-1');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Nothing was changed: the check that it is you was closed.',
    );
    expect(sent.filter((r) => r.url === 'current-user/password')).toHaveLength(1);
  });
});

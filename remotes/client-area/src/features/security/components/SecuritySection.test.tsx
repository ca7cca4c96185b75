import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, ok, refusal, stubApi } from '@kloof/api-client/testing';
import { authStore } from '@kloof/auth';
import { AppToaster } from '@kloof/ui';
import { renderWithProviders } from '@kloof/ui/testing';
import { SecuritySection } from './SecuritySection';

const device = (id: string, browser: string, sessions: number, current = false) => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  browser,
  os: 'Linux',
  ip: `10.0.0.${id}`,
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-29T07:00:00.000Z',
  sessions,
  current,
});
let devices = [device('1', 'Firefox 128', 1, true), device('2', 'Chrome 140', 30)];
let endOthers: () => ReturnType<typeof ok> = () => ok({ ended: 1 });
const api = stubApi();

beforeEach(() => {
  devices = [device('1', 'Firefox 128', 1, true), device('2', 'Chrome 140', 30)];
  endOthers = () => {
    devices = devices.filter((d) => d.current);
    return ok({ ended: 1 });
  };
  api.install({
    'GET current-user/sessions': () => ok({ items: devices, next: null }),
    'POST current-user/sessions/end-others': () => endOthers(),
    'GET current-user/passkeys': () => ok({ items: [] }),
    'GET current-user/totp': () => ok({ enabled: false, recoveryCodesLeft: 0 }),
  });
  authStore.login({ accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' }, aUser());
});
afterEach(() => {
  api.restore();
  act(() => authStore.logout());
});

const renderSection = () =>
  renderWithProviders(
    <>
      <SecuritySection />
      <AppToaster />
    </>,
  );
const signOutOthers = () => screen.getByRole('button', { name: 'Sign out of all other devices' });
/** The device rows (the toasts are list items too). */
const rows = async () => within(await screen.findByRole('region', { name: 'Security' })).findAllByRole('listitem');
const ended = () => api.sent.filter((call) => call.url === 'current-user/sessions/end-others');

describe('Settings > Security: signed-in devices', () => {
  it('shows one row per device, with how many sessions it holds', async () => {
    renderSection();
    const [mine, busy, ...more] = await rows();
    expect(more).toHaveLength(0);
    expect(mine).toHaveTextContent('This device');
    expect(busy).toHaveTextContent('30 sessions');
  });

  it('leads to the account activity, where every sign-in and security change is listed', async () => {
    renderSection();
    const security = await screen.findByRole('region', { name: 'Security' });
    expect(within(security).getByRole('link', { name: 'account activity' })).toHaveAttribute('href', '/user/activity');
  });

  it('"Sign out of all other devices" asks first; Cancel signs nothing out and gives the focus back', async () => {
    renderSection();
    await rows();
    await userEvent.click(signOutOthers());
    const dialog = screen.getByRole('dialog', { name: 'Sign out of all other devices?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ended()).toHaveLength(0);
    expect(signOutOthers()).toHaveFocus();
  });

  it('once confirmed, signs the others out, says so in a toast and lists this device alone', async () => {
    renderSection();
    await rows();
    await userEvent.click(signOutOthers());
    const dialog = screen.getByRole('dialog', { name: 'Sign out of all other devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await screen.findByText('Signed out 1 other device.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ended()).toHaveLength(1);
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(signOutOthers()).toBeDisabled();
  });

  it('a failure says in words that the other devices are still signed in, and why', async () => {
    endOthers = () => refusal(500, 'internal_error', 'Something went wrong on our side. Please try again in a moment.');
    renderSection();
    await rows();
    await userEvent.click(signOutOthers());
    const dialog = screen.getByRole('dialog', { name: 'Sign out of all other devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out of all other devices' }));
    expect(
      await within(dialog).findByText(
        'The other devices are still signed in. Something went wrong on our side. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(await rows()).toHaveLength(2);
  });
});

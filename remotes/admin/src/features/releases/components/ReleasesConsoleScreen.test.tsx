import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { http, type ReleaseApp, type ReleasesOverview } from '@kloof/api-client';
import { aUser, respond, respondProofRequired } from '@kloof/api-client/testing';
import { authStore } from '@kloof/auth';
import { AppToaster } from '@kloof/ui';
import { renderWithProviders } from '@kloof/ui/testing';
import { ReleasesConsoleScreen } from './ReleasesConsoleScreen';

const V = (n: number) => `20261122-10000${n}-000-${String(n).repeat(10)}`;
const by = { releasedAt: '2026-11-22T10:00:00.000Z', releasedBy: 'ci-bot' };
const marketing: ReleaseApp = {
  app: 'marketing',
  origin: '',
  stable: { version: V(2), ...by },
  canary: { version: V(3), share: 10, ...by },
  previous: V(1),
  lastKnownGood: V(1),
};
const auth: ReleaseApp = { ...marketing, app: 'auth', canary: null };

let canChange = true;
let proved = false;
let sent: { method?: string; url?: string; data?: Record<string, unknown> }[] = [];

/** The API as the console meets it: the overview, an empty history, a fresh proof, and a rollback. */
const adapter: AxiosAdapter = async (config) => {
  const data = config.data ? (JSON.parse(String(config.data)) as Record<string, unknown>) : undefined;
  sent.push({ method: config.method, url: config.url, data });
  const ok = (body: unknown) => respond(config, 200, body);
  if (config.url === 'releases') return ok({ apps: [marketing, auth], sets: [], canChange } satisfies ReleasesOverview);
  if (config.url === 'releases/history') return ok({ items: [], next: null });
  if (config.url === 'releases/marketing/health')
    return ok({
      app: 'marketing',
      since: by.releasedAt,
      until: by.releasedAt,
      span: 60,
      stable: V(2),
      canary: V(3),
      windows: [],
    });
  if (config.url === 'current-user/fresh-proof') {
    proved = data?.password === 'right-password';
    return ok({ kind: 'password' });
  }
  if (!proved) respondProofRequired(config, ['password']);
  if (data?.version === V(9)) {
    const message = `auth has no stored version ${V(9)}.`;
    return respond(config, 409, { statusCode: 409, code: 'conflict', message, error: 'Conflict' });
  }
  return ok({
    app: 'auth',
    action: 'rollback',
    from: V(2),
    to: V(1),
    message: `auth: rolled back ${V(2)} -> ${V(1)}`,
    time: '2026-11-22T11:00:00.000Z',
  });
};

const realAdapter = http.defaults.adapter;
beforeEach(() => {
  sent = [];
  proved = false;
  canChange = true;
  http.defaults.adapter = adapter;
  authStore.login(
    { accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' },
    aUser({ id: 'u1', email: 'ops@example.com', username: 'ops', roles: ['SuperAdmin'] }),
  );
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

const show = () =>
  renderWithProviders(
    <>
      <ReleasesConsoleScreen />
      <AppToaster />
    </>,
    { route: '/manage/releases' },
  );

describe('ReleasesConsoleScreen', () => {
  it('shows each app with its stable, canary share, previous and last-known-good versions', async () => {
    show();
    const card = await screen.findByRole('region', { name: /marketing/ });
    expect(within(card).getByText(V(3))).toBeTruthy();
    expect(within(card).getByText(/10% of browsers/)).toBeTruthy();
    expect(within(card).getAllByText(V(1))).toHaveLength(2);
    // A canary is promoted, re-weighed or aborted; a rollback is offered once no canary runs.
    expect(within(card).queryByRole('button', { name: 'Roll back of marketing' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Promote canary of marketing' })).toBeTruthy();
    // The health shown first is the canary's app's.
    expect(await screen.findByText(/No page loads of marketing were reported since/)).toBeTruthy();
  });

  it('asks why and for a fresh proof, toasts the API line and gives the focus back to the button', async () => {
    show();
    const button = await screen.findByRole('button', { name: 'Roll back of auth' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Roll back: auth' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(document.activeElement).toBe(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await within(dialog).findByText('Say why, in a few words (it goes into the release history)')).toBeTruthy();
    expect(sent.some((call) => call.method === 'post')).toBe(false);

    await userEvent.type(reason, 'errors since the release');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    const check = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(check).getByLabelText(/Your password/), 'right-password');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(`auth: rolled back ${V(2)} -> ${V(1)}`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rollbacks = sent.filter((call) => call.url === 'releases/auth/rollback');
    expect(rollbacks.at(-1)?.data).toEqual({ reason: 'errors since the release' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Roll back of auth' })));
  });

  it("keeps the dialog open with the API's refusal, and sends a named version", async () => {
    proved = true;
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back of auth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll back: auth' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Version/ }), V(9));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'back to the old one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await within(dialog).findByText(`auth has no stored version ${V(9)}.`)).toBeTruthy();
    expect(sent.at(-1)?.data).toEqual({ reason: 'back to the old one', version: V(9) });
  });

  it('shows an Admin the releases without actions', async () => {
    canChange = false;
    show();
    expect(
      await screen.findByText('You can see the releases; a SuperAdmin or a system user can change them.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /of marketing|of auth/ })).toBeNull();
  });
});

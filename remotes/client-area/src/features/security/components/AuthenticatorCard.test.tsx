import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, freshProofStub, ok, refusal, stubApi } from '@kloof/api-client/testing';
import { authStore } from '@kloof/auth';
import { renderWithProviders } from '@kloof/ui/testing';
import { AuthenticatorCard } from './AuthenticatorCard';

const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
let enabled = false;
const api = stubApi();
const { sent } = api;
/** Set-up, new codes and turning off need a fresh proof: the password, or a code once the app is on. */
const proof = freshProofStub({ password: 'my password', code: '654321' });
const proofKinds = () => (enabled ? (['password', 'totp'] as const) : (['password'] as const));

beforeEach(() => {
  enabled = false;
  proof.reset();
  api.install({
    ...proof.routes,
    'GET current-user/totp': () => ok({ enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
    'POST current-user/totp': proof.guard(proofKinds, () =>
      ok({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrDataUrl: 'data:image/png;base64,AA' }),
    ),
    'POST current-user/totp/confirm': ({ body }) => {
      if (body.code !== '123456') return refusal(400, 'invalid_code', 'Invalid or expired code');
      enabled = true;
      return ok({ recoveryCodes: codes });
    },
    'POST current-user/totp/recovery-codes': proof.guard(proofKinds, () =>
      ok({ recoveryCodes: codes.map((c) => c.replace('aaaa', 'zzzz')) }),
    ),
    'POST current-user/totp/disable': proof.guard(proofKinds, () => {
      enabled = false;
      return ok();
    }),
  });
  authStore.login({ accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' }, aUser());
});
afterEach(() => {
  api.restore();
  act(() => authStore.logout());
});

describe('Authenticator app card', () => {
  it('sets up with a QR code and the typed-out key, confirms a code, shows the recovery codes once', async () => {
    renderWithProviders(<AuthenticatorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up' }));
    // setting up needs a fresh proof: the re-check dialog first
    const check = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(check).getByLabelText(/^Your password/), 'my password');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /^Authentication code/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('turns off after asking, and after a fresh proof with a code from the app', async () => {
    enabled = true;
    renderWithProviders(<AuthenticatorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const ask = screen.getByRole('dialog', { name: 'Turn off the authenticator app?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Turn off' }));
    const check = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(check).getByRole('radio', { name: 'Authenticator app' }));
    await userEvent.type(within(check).getByRole('textbox', { name: /^Code from your authenticator app/ }), '654321');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up' })).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.filter((r) => r.url === 'current-user/totp/disable')).toHaveLength(2);
    expect(sent.find((r) => r.url === 'current-user/fresh-proof')?.body).toEqual({ kind: 'totp', code: '654321' });
  });

  it('gives new recovery codes after a fresh proof, shown once with Download', async () => {
    enabled = true;
    renderWithProviders(<AuthenticatorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const check = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(check).getByLabelText(/^Your password/), 'my password');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent('zzzz0-bbbbb');
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('closing the check leaves everything as it was, without an error', async () => {
    enabled = true;
    renderWithProviders(<AuthenticatorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const check = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(check).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { http } from '@kloof/api-client';
import { aUser, respond } from '@kloof/api-client/testing';
import { authStore } from '@kloof/auth';
import { renderWithProviders } from '@kloof/ui/testing';
import { AuthenticatorCard } from './AuthenticatorCard';

const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
let enabled = false;
let sent: { method?: string; url?: string; body?: unknown }[] = [];
const realAdapter = http.defaults.adapter;

beforeEach(() => {
  enabled = false;
  sent = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    sent.push({ method: config.method, url: config.url, body });
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    if (key === 'GET current-user/totp') return respond(config, 200, { enabled, recoveryCodesLeft: enabled ? 10 : 0 });
    if (key === 'POST current-user/totp')
      return respond(config, 200, {
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qrDataUrl: 'data:image/png;base64,AA',
      });
    if (key === 'POST current-user/totp/confirm') {
      if (body.code !== '123456')
        return respond(config, 400, { statusCode: 400, message: 'Invalid or expired code', error: 'Bad Request' });
      enabled = true;
      return respond(config, 200, { recoveryCodes: codes });
    }
    if (key === 'POST current-user/totp/disable') {
      enabled = false;
      return respond(config, 204, null);
    }
    return respond(config, 404, { statusCode: 404, message: 'not here', error: 'Not Found' });
  };
  authStore.login({ accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' }, aUser());
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
  act(() => authStore.logout());
});

describe('Authenticator app card', () => {
  it('sets up with a QR code and the typed-out key, confirms a code, shows the recovery codes once', async () => {
    renderWithProviders(<AuthenticatorCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up' }));
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
    expect(await screen.findByRole('form', { name: 'Turn off the authenticator app' })).toBeInTheDocument();
  });

  it('turns off with the current password and a code', async () => {
    enabled = true;
    renderWithProviders(<AuthenticatorCard />);
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'my password');
    await userEvent.type(screen.getByRole('textbox', { name: /^Authentication code/ }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up' })).toBeInTheDocument());
    expect(sent.find((r) => r.url === 'current-user/totp/disable')?.body).toEqual({
      currentPassword: 'my password',
      code: '654321',
    });
  });
});

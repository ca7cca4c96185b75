import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { toast } from '@kloof/ui';
import { http } from '@kloof/api-client';
import { aUser, respond } from '@kloof/api-client/testing';
import { renderPage } from '../testing/render-page';
import { SETUP_NOTICES } from '../features/setup/SetupForm';
import Setup from './Setup';

type Reply = { status: number; data?: unknown };
let sent: { url?: string; body: unknown }[] = [];
let reply: Reply = { status: 500 };

/** The browser's address (the page reads the fragment from it) and the router's, both at /setup. */
function openSetup(fragment: string) {
  window.history.replaceState(null, '', `/setup${fragment}`);
  return renderPage('/setup', <Setup />, `/setup${fragment}`);
}

async function fillIn(password = 'a long first password', confirm = password) {
  await userEvent.type(screen.getByRole('textbox', { name: /^E-mail address/ }), 'root@example.com');
  await userEvent.type(screen.getByRole('textbox', { name: /^Username/ }), 'root');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Repeat password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create SuperAdmin' }));
}

const refusal = (status: number, code: string, message: string): Reply => ({
  status,
  data: { statusCode: status, code, error: 'Refused', message },
});

beforeEach(() => {
  sent = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    sent.push({ url: config.url, body: config.data ? JSON.parse(String(config.data)) : undefined });
    return respond(config, reply.status, reply.data);
  };
  jest.spyOn(toast, 'success').mockImplementation(() => 'id');
});
afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('Setup', () => {
  it('takes the token out of the address bar, sends it with the form and goes on to sign-in', async () => {
    reply = {
      status: 201,
      data: { message: 'SuperAdmin created. Please sign in.', user: aUser({ email: 'root@example.com' }) },
    };
    openSetup('#one-time-token');
    expect(screen.getByRole('heading', { level: 1, name: 'Set up Kloof Digital' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/setup');
    await fillIn();
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/login');
    expect(sent).toEqual([
      {
        url: 'auth/bootstrap',
        body: {
          token: 'one-time-token',
          email: 'root@example.com',
          username: 'root',
          password: 'a long first password',
        },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('SuperAdmin created. Please sign in.');
  });

  it('checks the password as sign-up does and the repeat, sending nothing', async () => {
    openSetup('#one-time-token');
    await fillIn('short', 'other');
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it("shows the API's refusal of a common password under the field", async () => {
    reply = refusal(400, 'weak_password', 'This password is too common. Choose another.');
    openSetup('#one-time-token');
    await fillIn();
    expect(await screen.findByText('This password is too common. Choose another.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create SuperAdmin' })).toBeInTheDocument();
  });

  it('says a link without its token cannot be used, sending nothing', async () => {
    openSetup('');
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(SETUP_NOTICES.missing.text);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('replaces the form with a focused notice for an expired or used token', async () => {
    reply = refusal(401, 'bootstrap_token_invalid', 'Invalid bootstrap token');
    openSetup('#old-token');
    await fillIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SETUP_NOTICES.spent.title);
    expect(alert.parentElement).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Create SuperAdmin' })).not.toBeInTheDocument();
  });

  it('says setup is done, linking to sign-in, once a SuperAdmin exists', async () => {
    reply = refusal(403, 'forbidden', 'Bootstrap is closed: a SuperAdmin already exists');
    openSetup('#any-token');
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(SETUP_NOTICES.done.title);
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/auth/login');
  });

  it('keeps the form and says why when the address has tried too often', async () => {
    reply = { ...refusal(429, 'rate_limited', 'Too many requests'), status: 429 };
    openSetup('#one-time-token');
    await fillIn();
    expect(await screen.findByText(/^Too many/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create SuperAdmin' })).toBeInTheDocument();
  });
});

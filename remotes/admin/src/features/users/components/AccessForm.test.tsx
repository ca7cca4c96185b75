import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { http, type User } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { renderWithProviders } from '@kloof/ui/testing';
import { AccessForm } from './AccessForm';

const actor: User = aUser({ id: 'admin', email: 'admin@x.co', username: 'admin', roles: ['Admin'] });
const target: User = aUser({ id: 't1', email: 't@x.co', username: 'thandi', verified: false });
const realAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = realAdapter;
});

describe('AccessForm', () => {
  it('sends the chosen roles and verified flag, and hands back the saved user', async () => {
    let body: unknown;
    http.defaults.adapter = (async (config) => {
      body = JSON.parse(String(config.data));
      return {
        status: 200,
        statusText: 'OK',
        data: { ...target, roles: ['Admin'], verified: true },
        headers: {},
        config,
      };
    }) as AxiosAdapter;
    const saved: User[] = [];
    renderWithProviders(<AccessForm user={target} actor={actor} onSaved={(u) => saved.push(u)} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Admin/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Verified/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save access' }));
    await screen.findByRole('button', { name: 'Save access' });
    expect(body).toEqual({ roles: ['Admin'], verified: true });
    expect(saved.map((u) => u.roles)).toEqual([['Admin']]);
  });

  it("shows the API's refusal in the form (e.g. the account became a SuperAdmin meanwhile)", async () => {
    http.defaults.adapter = (async (config) => {
      const data = {
        statusCode: 403,
        code: 'forbidden',
        message: 'Only a SuperAdmin can change a SuperAdmin account',
        error: 'Forbidden',
      };
      throw new AxiosError(
        'Forbidden',
        'ERR_BAD_REQUEST',
        config,
        {},
        { status: 403, statusText: 'Forbidden', data, headers: {}, config },
      );
    }) as AxiosAdapter;
    renderWithProviders(<AccessForm user={target} actor={actor} onSaved={() => undefined} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Verified/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a SuperAdmin can change a SuperAdmin account');
  });

  it('never offers an Admin the SuperAdmin role', () => {
    renderWithProviders(<AccessForm user={target} actor={actor} onSaved={() => undefined} />);
    expect(screen.getByRole('checkbox', { name: /^SuperAdmin/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /^Admin/ })).toBeEnabled();
    expect(screen.getByText('Only a SuperAdmin can grant the SuperAdmin role.')).toBeInTheDocument();
  });

  it('offers nothing to change on your own account, and says why', () => {
    renderWithProviders(<AccessForm user={actor} actor={actor} onSaved={() => undefined} />);
    expect(screen.getByText(/This is your own account/)).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save access' })).toBeNull();
  });
});

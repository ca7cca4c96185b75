import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { authStore } from '@kloof/auth';
import { ThemeProvider } from '@kloof/ui';
import { aUser } from '@kloof/api-client/testing';
import { Unauthorized } from './Unauthorized';

function renderPage() {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={['/unauthorized']}>
        <Unauthorized />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

afterEach(() => authStore.logout());

describe('access denied page', () => {
  it('offers a signed-in user their dashboard and the home page', () => {
    authStore.login(
      { accessToken: 'access-token-0123456789', refreshToken: 'refresh-token-0123456789' },
      aUser({ id: 'u1', email: 'ann@example.com', username: 'ann' }),
    );
    renderPage();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('offers a visitor sign-in and the home page, never a dashboard they cannot open', () => {
    authStore.logout();
    renderPage();
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});

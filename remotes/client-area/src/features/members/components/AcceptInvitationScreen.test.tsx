import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@kloof/ui/testing';
import { AcceptInvitationScreen } from './AcceptInvitationScreen';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('AcceptInvitationScreen, signed out', () => {
  it('keeps the token from the link for this tab, takes it out of the address bar and offers sign-in and sign-up', async () => {
    window.history.replaceState(null, '', '/invitations#tok-123_ABC');
    renderWithProviders(<AcceptInvitationScreen />, { route: '/invitations' });
    expect((await screen.findByRole('link', { name: 'Sign in to accept' })).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth/register');
    expect(sessionStorage.getItem('kloof:invitation')).toBe('tok-123_ABC');
    expect(window.location.hash).toBe('');
  });

  it('opened again without the link, still knows the invitation kept for this tab', async () => {
    sessionStorage.setItem('kloof:invitation', 'kept-token');
    window.history.replaceState(null, '', '/invitations');
    renderWithProviders(<AcceptInvitationScreen />, { route: '/invitations' });
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toBeTruthy();
  });

  it('without any token, says the page opens from the mail', async () => {
    window.history.replaceState(null, '', '/invitations');
    renderWithProviders(<AcceptInvitationScreen />, { route: '/invitations' });
    expect(await screen.findByText(/opens from the link in an invitation e-mail/)).toBeTruthy();
  });
});

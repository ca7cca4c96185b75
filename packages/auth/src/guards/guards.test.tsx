import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import type { ReactNode } from 'react';
import { http } from '@kloof/api-client';
import { aUser, respond } from '@kloof/api-client/testing';
import { ThemeProvider } from '@kloof/ui';
import { authStore } from '../store';
import { recordVisit, resetOrigins } from '../origin';
import { GuestOnly } from './GuestOnly';
import { RequireAuth } from './RequireAuth';
import { RequireSystemUser } from './RequireSystemUser';

const tokens = { accessToken: 'access-token-0123456789', refreshToken: 'refresh-token-0123456789' };
const user = aUser({ id: 'u1', email: 'ann@example.com', username: 'ann' });

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>{`at ${location.pathname}${from ? ` from ${from}` : ''}`}</p>;
}

/** Pretends the user visited these in-app paths before (what the host's router tracking records). */
function visited(...paths: string[]) {
  for (const pathname of paths) recordVisit({ pathname, search: '' });
}

function show(path: string, guarded: ReactNode, entry: InitialEntry = path) {
  render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={path} element={guarded} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

function setSignedOut() {
  authStore.logout();
}
function setSignedIn(overrides: Partial<typeof user> = {}) {
  authStore.login(tokens, { ...user, ...overrides });
}
beforeEach(() => {
  localStorage.clear();
  resetOrigins();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('GuestOnly', () => {
  it('shows a spinner while the state is UNKNOWN', async () => {
    // The singleton is past UNKNOWN once any test logged in: render with an UNKNOWN session.
    jest.spyOn(authStore, 'getSession').mockReturnValue({ ...authStore.getSession(), state: 'UNKNOWN' });
    show('/auth/login', <GuestOnly>login form</GuestOnly>);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByText('login form')).toBeNull();
  });

  it('shows the page to a signed-out visitor', () => {
    setSignedOut();
    show('/auth/login', <GuestOnly>login form</GuestOnly>);
    expect(screen.getByText('login form')).toBeInTheDocument();
  });

  it('sends a signed-in user back to the page they came from', async () => {
    setSignedIn();
    visited('/pricing', '/auth/login');
    show('/auth/login', <GuestOnly>login form</GuestOnly>);
    expect(await screen.findByText('at /pricing')).toBeInTheDocument();
  });

  it('sends a signed-in user back even when the guest page renders before its visit is recorded', async () => {
    setSignedIn();
    visited('/pricing', '/dashboard');
    show('/auth/login', <GuestOnly>login form</GuestOnly>);
    expect(await screen.findByText('at /dashboard')).toBeInTheDocument();
  });

  it('sends a signed-in user to the origin a guard remembered, or /', async () => {
    setSignedIn();
    visited('/pricing', '/auth/login');
    show('/auth/login', <GuestOnly>login form</GuestOnly>, {
      pathname: '/auth/login',
      state: { from: { pathname: '/links' } },
    });
    expect(await screen.findByText('at /links')).toBeInTheDocument();
  });

  it('sends a signed-in user to / when there is no origin, and never back to /user/logout', async () => {
    setSignedIn();
    show('/auth/login', <GuestOnly>login form</GuestOnly>);
    expect(await screen.findByText('at /')).toBeInTheDocument();
    cleanup();
    visited('/user/logout', '/auth/login');
    show('/auth/login', <GuestOnly>login form</GuestOnly>);
    expect(await screen.findByText('at /')).toBeInTheDocument();
  });

  it('sends the user where the sign-in page asked (landing) once', async () => {
    authStore.login(tokens, user, { landing: '/dashboard' });
    visited('/pricing', '/auth/login');
    show('/auth/login', <GuestOnly>login form</GuestOnly>);
    expect(await screen.findByText('at /dashboard')).toBeInTheDocument();
    expect(authStore.getSession().landing).toBeNull();
  });
});

describe('RequireAuth', () => {
  it('without tokens: to /auth/login, remembering the origin', async () => {
    setSignedOut();
    show('/workspaces', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findByText('at /auth/login from /workspaces')).toBeInTheDocument();
  });

  it('while checking or before the user is loaded: a spinner', () => {
    setSignedIn();
    authStore.setChecking(true);
    show('/workspaces', <RequireAuth>secret</RequireAuth>);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    // The spec's spinner, not the page's outline.
    expect(screen.queryByTestId('page-skeleton')).toBeNull();
    act(() => authStore.setChecking(false));
    expect(screen.getByText('secret')).toBeInTheDocument();
  });

  it('keeps the page up while a session kept offline is checked again (a form keeps what was typed)', () => {
    setSignedIn();
    authStore.keepUnconfirmed();
    show('/workspaces', <RequireAuth>secret</RequireAuth>);
    act(() => authStore.setChecking(true));
    expect(screen.getByText('secret')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('with a required role the user lacks: to /unauthorized', async () => {
    setSignedIn({ roles: [] });
    show('/manage', <RequireAuth roles={['Admin', 'SuperAdmin']}>manage</RequireAuth>);
    expect(await screen.findByText('at /unauthorized')).toBeInTheDocument();
  });

  it('with one of the allowed roles: the page', () => {
    setSignedIn({ roles: ['SuperAdmin'] });
    show('/manage', <RequireAuth roles={['Admin', 'SuperAdmin']}>manage</RequireAuth>);
    expect(screen.getByText('manage')).toBeInTheDocument();
  });

  it('an empty role list means any signed-in user', () => {
    setSignedIn();
    show('/dashboard', <RequireAuth roles={[]}>dash</RequireAuth>);
    expect(screen.getByText('dash')).toBeInTheDocument();
  });

  it('an unverified user where verification is required: to /auth/resend-verification', async () => {
    setSignedIn({ verified: false });
    show('/dashboard', <RequireAuth verified>dash</RequireAuth>);
    expect(await screen.findByText('at /auth/resend-verification from /dashboard')).toBeInTheDocument();
  });
});

describe('RequireSystemUser', () => {
  // Each test is a new session: the system-users list is asked once per session.
  beforeEach(() => authStore.logout());

  it('signed out: to /', async () => {
    setSignedOut();
    show('/system', <RequireSystemUser>system</RequireSystemUser>);
    expect(await screen.findByText('at /')).toBeInTheDocument();
  });

  it("a user who is not a system user: 'Access Denied !', 'Only System Users are allowed' and a Home link", async () => {
    http.defaults.adapter = async (config) => respond(config, 200, ['ops@example.com']);
    setSignedIn();
    show('/system', <RequireSystemUser>system</RequireSystemUser>);
    expect(screen.getByRole('status')).toHaveTextContent('Checking access');
    expect(await screen.findByRole('heading', { name: 'Access Denied !' })).toBeInTheDocument();
    expect(screen.getByText('Only System Users are allowed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    // Laid out as /unauthorized: the error code above the title, the page labelled by it.
    expect(screen.getByText('Error 403')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Access Denied !' })).toBeInTheDocument();
  });

  it('a system user: the page', async () => {
    http.defaults.adapter = async (config) => respond(config, 200, ['ann@example.com']);
    setSignedIn();
    show('/system', <RequireSystemUser>system</RequireSystemUser>);
    expect(await screen.findByText('system')).toBeInTheDocument();
  });

  it('when the call fails, a user on the built-in list is let in', async () => {
    http.defaults.adapter = async (config) => respond(config, 500, { statusCode: 500, message: 'x', error: 'x' });
    setSignedIn({ email: 'ops@kloofdigital.co.za' });
    show('/system', <RequireSystemUser>system</RequireSystemUser>);
    expect(await screen.findByText('system')).toBeInTheDocument();
  });
  it('with roles: a verified holder of one is let in without being a system user; an unverified one is not', async () => {
    http.defaults.adapter = async (config) => respond(config, 200, ['ops@example.com']);
    const guarded = <RequireSystemUser roles={['Admin', 'SuperAdmin']}>releases</RequireSystemUser>;
    setSignedIn({ roles: ['Admin'], verified: true });
    show('/manage/releases', guarded);
    expect(await screen.findByText('releases')).toBeInTheDocument();
    cleanup();
    authStore.logout();
    setSignedIn({ roles: ['Admin'], verified: false });
    show('/manage/releases', guarded);
    expect(await screen.findByRole('heading', { name: 'Access Denied !' })).toBeInTheDocument();
  });
});

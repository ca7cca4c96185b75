import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AxiosAdapter } from 'axios';
import { http } from '@kloof/api-client';
import { authStore, type User } from '@kloof/auth';
import { ThemeProvider } from '@kloof/ui';
import { AppShell } from './AppShell';
import { aUser } from '@kloof/api-client/testing';

const user: User = aUser({ id: 'u1', email: 'thandi@example.com', username: 'thandi', roles: [], verified: true });

const pages = ['/dashboard', '/workspaces', '/projects', '/user/profile', '/billing'];

function renderShell(path = '/dashboard', signedIn: User | null = user) {
  if (signedIn) authStore.login({ accessToken: 'a'.repeat(20), refreshToken: 'r'.repeat(20) }, signedIn);
  render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AppShell />}>
            {pages.map((p) => (
              <Route key={p} path={p} element={<h1>Page {p}</h1>} />
            ))}
          </Route>
          <Route path="/" element={<h1>Public home</h1>} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** The API as the shell sees it: only the system-users call. */
let systemUsers: string[] = [];
const adapter: AxiosAdapter = async (config) => {
  if (config.url !== 'system-users') throw new Error(`unexpected call ${config.url}`);
  return { data: systemUsers, status: 200, statusText: 'OK', headers: {}, config };
};
const realAdapter = http.defaults.adapter;

beforeEach(() => {
  http.defaults.adapter = adapter;
  systemUsers = ['ops@example.com'];
  localStorage.clear();
  document.documentElement.style.fontSize = '';
});
afterEach(() => {
  act(() => authStore.logout());
  http.defaults.adapter = realAdapter;
});

describe('AppShell', () => {
  it('shows the product name linking to / and the four sidebar items', () => {
    renderShell();
    expect(screen.getByRole('link', { name: /Kloof Digital/ })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Client area' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Workspaces', 'Projects', 'Settings']);
    expect(screen.getByText('Client Area v1.1')).toBeInTheDocument();
  });

  it('highlights the item whose link starts the current path', async () => {
    renderShell('/user/profile');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await userEvent.click(screen.getByRole('link', { name: 'Projects' }));
    expect(screen.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
  });

  it('collapses the sidebar: tooltip titles on the icons, remembered for the next visit', async () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('title');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('title', 'Dashboard');
    expect(localStorage.getItem('sidebarCollapsed')).toBe('true');
  });

  it('shows the first letter of the username in upper case on the avatar, or U', () => {
    renderShell();
    expect(screen.getByTestId('avatar-letter')).toHaveTextContent(/^T$/);
  });

  it("shows 'U' on the avatar for a user without a username", () => {
    renderShell('/dashboard', { ...user, username: '' });
    expect(screen.getByTestId('avatar-letter')).toHaveTextContent(/^U$/);
  });

  it('shows no letter while the user is not known yet (never a wrong one)', () => {
    renderShell('/dashboard', null);
    expect(screen.getByTestId('avatar-letter')).toHaveTextContent(/^$/);
  });

  it('avatar menu: Profile, Billing, Log out; arrows move, Escape closes and focus returns', async () => {
    renderShell();
    const button = screen.getByRole('button', { name: /Account menu/ });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Profile', '/user/profile'],
      ['Billing', '/billing'],
      ['Log out', '/user/logout'],
    ]);
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens the mobile sidebar, closes it with Escape and returns focus to the menu button', async () => {
    renderShell();
    const open = screen.getByRole('button', { name: 'Open navigation' });
    await userEvent.click(open);
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'false');
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveFocus();
  });

  it('choosing a page closes the mobile sidebar', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(screen.getByRole('link', { name: 'Workspaces' }));
    expect(screen.getByRole('heading', { name: 'Page /workspaces' })).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'false');
  });

  it('sets the root font size to 111% while shown and restores it after', async () => {
    renderShell();
    expect(document.documentElement.style.fontSize).toBe('111%');
    await userEvent.click(screen.getByRole('link', { name: /Kloof Digital/ }));
    expect(screen.getByRole('heading', { name: 'Public home' })).toBeInTheDocument();
    expect(document.documentElement.style.fontSize).toBe('');
  });

  it('shows management links to admins', () => {
    renderShell('/dashboard', { ...user, roles: ['Admin'] });
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/manage');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'Super admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'System' })).not.toBeInTheDocument();
  });

  it('shows the System link to system users only', async () => {
    systemUsers = [user.email];
    renderShell();
    expect(await screen.findByRole('link', { name: 'System' })).toHaveAttribute('href', '/system');
    expect(screen.queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
  });
});

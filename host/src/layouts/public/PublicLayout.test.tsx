import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authStore, type User } from '@kloof/auth';
import { brand, ThemeProvider } from '@kloof/ui';
import { PublicLayout } from './PublicLayout';
import { PublicFooter } from './PublicFooter';
import { aUser } from '@kloof/api-client/testing';

const paths = [
  '/',
  '/services',
  '/docs',
  '/pricing',
  '/careers',
  '/contact',
  '/auth/login',
  '/auth/register',
  '/dashboard',
];

function renderLayout(path = '/') {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<PublicLayout />}>
            {paths.map((p) => (
              <Route key={p} path={p} element={<h1>Page {p}</h1>} />
            ))}
          </Route>
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

// jsdom matches no media query, so the desktop row (shown from the lg breakpoint) counts as hidden.
const desktop = { hidden: true } as const;

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

afterEach(() => {
  authStore.logout();
  jest.useRealTimers();
});

describe('public layout', () => {
  it('has a skip link to the main landmark, a banner and a content info', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('lists the six site links in the header, the current one marked', () => {
    renderLayout('/pricing');
    // Hidden elements have no accessible name: find the desktop nav by its label attribute.
    const nav = screen.getByRole('banner').querySelector<HTMLElement>('nav[aria-label="Main"]')!;
    const links = within(nav).getAllByRole('link', desktop);
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Services', '/services'],
      ['Docs', '/docs'],
      ['Pricing', '/pricing'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Pricing', ...desktop })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home', ...desktop })).not.toHaveAttribute('aria-current');
  });

  it('shows Login and Sign Up to visitors', () => {
    renderLayout();
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('link', { name: 'Login', ...desktop })[0]).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(within(banner).getAllByRole('link', { name: 'Sign Up', ...desktop })[0]).toHaveAttribute(
      'href',
      '/auth/register',
    );
    expect(within(banner).queryByRole('link', { name: 'Go to Dashboard', ...desktop })).toBeNull();
  });

  it("shows 'Go to Dashboard' to signed-in users instead", () => {
    const user: User = aUser({ id: 'u1', email: 'naledi@example.com', username: 'naledi', roles: [], verified: true });
    authStore.login({ accessToken: 'a'.repeat(20), refreshToken: 'r'.repeat(20) }, user);
    renderLayout();
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('link', { name: 'Go to Dashboard', ...desktop })[0]).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(banner).queryByRole('link', { name: 'Login', ...desktop })).toBeNull();
    expect(within(banner).queryByRole('link', { name: 'Sign Up', ...desktop })).toBeNull();
  });
});

describe('mobile menu', () => {
  it('opens and closes with its toggle, which says so with aria-expanded', async () => {
    const user = userEvent.setup();
    renderLayout();
    const toggle = menuButton();
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(
      within(panel)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Services', 'Docs', 'Pricing', 'Careers', 'Contact', 'Login', 'Sign Up']);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('closes when a link is chosen, and the page changes', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(menuButton());
    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Docs' }));
    expect(screen.getByRole('heading', { name: 'Page /docs' })).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('closes when an account link is chosen', async () => {
    const user = userEvent.setup();
    renderLayout('/services');
    await user.click(menuButton());
    const panel = document.getElementById(menuButton().getAttribute('aria-controls')!)!;
    await user.click(within(panel).getByRole('link', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { name: 'Page /auth/register' })).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(menuButton());
    await user.tab();
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });
});

describe('footer', () => {
  function renderFooter() {
    render(
      <ThemeProvider>
        <MemoryRouter>
          <PublicFooter />
        </MemoryRouter>
      </ThemeProvider>,
    );
  }

  it('shows the copyright with the current year', () => {
    jest.useFakeTimers({ now: new Date('2031-03-14T10:00:00+02:00') });
    renderFooter();
    expect(screen.getByText(`© 2031 ${brand.name}. All rights reserved.`)).toBeInTheDocument();
  });

  it('offers the phone number as a tap-to-call badge', () => {
    renderFooter();
    const call = screen.getByRole('link', { name: `Call us on ${brand.phone}` });
    expect(call).toHaveAttribute('href', brand.phoneHref);
    expect(brand.phoneHref).toBe(`tel:${brand.phone.replace(/\s/g, '')}`);
  });

  it('has the blurb and the Company and Resources columns', () => {
    renderFooter();
    expect(screen.getByText(brand.blurb)).toBeInTheDocument();
    const column = (name: string) =>
      within(screen.getByRole('navigation', { name }))
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]);
    expect(column('Company')).toEqual([
      ['Home', '/'],
      ['Services', '/services'],
      ['Careers', '/careers'],
    ]);
    expect(column('Resources')).toEqual([
      ['Docs', '/docs'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
    ]);
  });
});

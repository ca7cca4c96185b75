import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@kloof/auth';
import { loadersFromContext, runStandalone } from './run-standalone';
import type { PageLoaders } from './StandaloneApp';

const page = (text: string) => () => Promise.resolve({ default: (() => <h1>{text}</h1>) as ComponentType });

/** The pages of a remote, as its bootstrap hands them over (names from its pages folder). */
const loaders: PageLoaders = { SignUp: page('Create your account'), Login: page('Sign in to Kloof') };

let running: Root | null = null;

async function start(url = '/'): Promise<void> {
  window.history.replaceState(null, '', url);
  await act(async () => {
    running = runStandalone('auth', loaders);
  });
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => {
  act(() => running?.unmount());
  running = null;
});

describe("a remote's page harness, run alone by its team", () => {
  it('names the remote and lists its pages in order, with the theme switch the host has', async () => {
    await start();
    expect(screen.getByText('auth (standalone)')).toBeInTheDocument();
    const pages = within(screen.getByRole('navigation', { name: 'Pages of this remote' }));
    expect(pages.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Login', '/Login'],
      ['SignUp', '/SignUp'],
    ]);
    expect(screen.getByText('Choose a page above.')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('button', { name: /^Switch to (dark|light) theme$/ })).toBeInTheDocument();
  });

  it('loads a page when its link is followed', async () => {
    await start();
    await userEvent.click(screen.getByRole('link', { name: 'SignUp' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/SignUp');
  });

  it('opens the page its address names, with the page routes below it', async () => {
    await start('/Login/verify');
    expect(await screen.findByRole('heading', { name: 'Sign in to Kloof' })).toBeInTheDocument();
    expect(screen.queryByText('Choose a page above.')).toBeNull();
  });

  it('checks the session as the host does: without a refresh token, the user is signed out', async () => {
    act(() => authStore.keepUnconfirmed());
    expect(authStore.getSession().state).toBe('UNKNOWN');
    await start();
    expect(authStore.getSession().state).toBe('SIGNED_OUT');
  });

  it('says what is wrong when the page has no #root to render into', () => {
    document.body.replaceChildren();
    expect(() => runStandalone('auth', loaders)).toThrow('#root is missing');
  });
});

describe("page loaders from a remote's lazy pages context", () => {
  it('names each page after its file and loads it through the context', async () => {
    const modules: Record<string, unknown> = {
      './Login.tsx': Promise.resolve({ default: 'Login' }),
      './SignUp.ts': Promise.resolve({ default: 'SignUp' }),
    };
    const context = Object.assign(
      jest.fn((id: string) => modules[id]),
      // Only keys relative to the pages folder name pages; any other request form is skipped.
      { keys: () => ['./Login.tsx', './SignUp.ts', 'src/pages/Login.tsx'] },
    );
    const found = loadersFromContext(context);
    expect(Object.keys(found)).toEqual(['Login', 'SignUp']);
    expect(context).not.toHaveBeenCalled();
    await expect(found.Login!()).resolves.toEqual({ default: 'Login' });
    expect(context).toHaveBeenCalledWith('./Login.tsx');
  });
});

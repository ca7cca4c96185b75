import { createAccount, expect, signIn, test } from '@kloof/test-kit/e2e';
import type { Page } from '@playwright/test';

const OFFLINE = 'You are offline. Pages you have opened before still work; loading and saving data needs a connection.';

/**
 * Waits until the service worker is active, then reloads through it. A page that loaded while the
 * worker was still activating is never claimed (the browser's rule); its next load is controlled.
 */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

async function expectPage(page: Page, heading: RegExp): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/** Waits until the first visit's worker controls the page and caches the shell, pointers and page scripts. */
async function readyOffline(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The shell's files, and every script this page ran: the worker caches those loaded before it
  // took control as it takes over (the warm-up, file by file), so a test goes offline only after.
  await page.waitForFunction(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    const scripts = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
      .map((url) => url.pathname);
    return ['/index.html', '/registry.json', '/config.json', ...scripts].every((path) => urls.includes(path));
  });
}

/**
 * Waits until the worker has cached the code of every public page: each exposed page of the
 * marketing remote and the sign-in page, as their remotes' manifests name them. (The warm-up
 * downloads them while the browser is idle, in no order a test may count on.)
 */
async function publicPagesWarmed(page: Page): Promise<void> {
  const expected = await page.evaluate(async () => {
    // The stable version's folder, as the host's choice would find it (no canary in these tests).
    type Registry = { apps: Record<string, { origin: string; stable: { version: string; url?: string } }> };
    const registry = (await (await fetch('/registry.json')).json()) as Registry;
    type Manifest = { exposes: { name: string; assets: { js: { sync: string[] } } }[] };
    const chunks = async (remote: string, only?: string[]) => {
      const { origin, stable } = registry.apps[remote]!;
      const folder = stable.url ?? `${origin}/remotes/${remote}/${stable.version}/`;
      const manifestUrl = new URL(`${folder}mf-manifest.json`, location.href);
      const manifest = (await (await fetch(manifestUrl)).json()) as Manifest;
      return manifest.exposes
        .filter((expose) => !only || only.includes(expose.name))
        .flatMap((expose) => expose.assets.js.sync.map((file) => new URL(file, manifestUrl).pathname));
    };
    return [...(await chunks('marketing')), ...(await chunks('auth', ['Login']))];
  });
  expect(expected.length).toBeGreaterThan(8);
  await page.waitForFunction(async (paths) => {
    const cached = new Set<string>();
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) cached.add(new URL(request.url).pathname);
    }
    return paths.every((path) => cached.has(path));
  }, expected);
}

const PUBLIC_PAGES: [string, RegExp][] = [
  ['/', /./],
  ['/services', /services/i],
  ['/docs', /./],
  ['/pricing', /pricing/i],
  ['/careers', /careers/i],
  ['/careers/junior-digital-assistant', /junior digital assistant/i],
  ['/contact', /./],
  ['/branding', /./],
  ['/auth/login', /sign in/i],
];

test.describe('offline', () => {
  test('after ONE visit (open /, browse to Pricing in the app) every public page reloads offline', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expectPage(page, /pricing/i);
    await readyOffline(page);
    await publicPagesWarmed(page);

    await context.setOffline(true);
    await page.reload();
    await expectPage(page, /pricing/i);
    await expect(page.getByText(OFFLINE)).toBeVisible();
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await expectPage(page, heading);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Services' }).click();
    await expectPage(page, /services/i);

    await context.setOffline(false);
    await expect(page.getByText('You are back online.')).toBeVisible();
  });

  test('a signed-in client who reloads /dashboard offline stays signed in; the session is checked again online', async ({
    page,
    context,
  }) => {
    const account = await createAccount({ verified: true });
    // A browser asking to save data gets no idle prefetch of the sidebar's pages, so Projects
    // below is truly never opened on this device (otherwise its code would be here already).
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    await signIn(page, account, '/dashboard');
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const dashboardTitle = (await heading.textContent())!;
    await readyOffline(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: dashboardTitle })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Client area' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBe(account.refreshToken);

    // A page never opened on this device says it needs the network, and opens when it is back.
    await page.getByRole('navigation', { name: 'Client area' }).getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { name: 'This page needs the network' })).toBeVisible();

    const recheck = page.waitForRequest((request) => request.url().includes('/v1/current-user'));
    await context.setOffline(false);
    await recheck;
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page).toHaveURL(/\/projects$/);
  });

  test('signed in offline: a visited page reloads from the cache, no transport error shows, and pages recover online by themselves', async ({
    page,
    context,
  }) => {
    const account = await createAccount({ verified: true });
    await signIn(page, account, '/dashboard');
    await underServiceWorker(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Client area' });
    await nav.getByRole('link', { name: 'Projects' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(main.getByText('Create a workspace first')).toBeVisible();
    await readyOffline(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await expect(page.getByText('Checking your session')).toHaveCount(0);
    await expect(main.getByText('You are offline.', { exact: false })).toBeVisible();

    // In-app navigation offline: the page says it waits for the network, never the HTTP layer's words.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(main.getByText('Your overview could not be loaded')).toBeVisible();
    await expect(page.getByText(/network error/i)).toHaveCount(0);

    // Back online, the page loads its data without a click.
    await context.setOffline(false);
    await expect(main.getByText('Welcome to your client area')).toBeVisible();
    await expect(main.getByText('Your overview could not be loaded')).toHaveCount(0);
    await expect(page.getByText(/network error/i)).toHaveCount(0);
  });

  test('an already visited client-area page opens offline, between public pages', async ({ page, context }) => {
    const account = await createAccount({ verified: true });
    await signIn(page, account, '/pricing');
    await underServiceWorker(page);
    await page.goto('/dashboard');
    const dashboard = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(dashboard).toBeVisible();
    const dashboardTitle = (await dashboard.textContent())!;
    await page.goto('/pricing');
    await expectPage(page, /pricing/i);

    await context.setOffline(true);
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /dashboard/i })
      .click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: dashboardTitle })).toBeVisible();
    await page.goBack();
    await expectPage(page, /pricing/i);
    await page.goForward();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: dashboardTitle })).toBeVisible();

    // A full reload of a public page still opens from the cache.
    await page.goto('/pricing');
    await expectPage(page, /pricing/i);
  });

  test('API calls never come from a cache', async ({ page, context }) => {
    await page.goto('/');
    await underServiceWorker(page);
    const online = await page.evaluate(async () => (await fetch('/v1/health')).status);
    expect(online).toBe(200);
    await context.setOffline(true);
    const offline = await page.evaluate(async () => {
      try {
        return (await fetch('/v1/health')).status;
      } catch {
        return 'network error';
      }
    });
    expect(offline).toBe('network error');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.some((url) => url.includes('/v1/'))).toBe(false);
    // The shell is: it carries the registry and the runtime config (the web server writes them in).
    expect(cached.some((url) => url.endsWith('/index.html'))).toBe(true);
  });
});

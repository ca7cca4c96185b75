import { createAccount, expect, signIn, test } from '@kloof/test-kit/e2e';
import type { Page } from '@playwright/test';

// What this file tests goes through the service worker: the config blocks it for the others.
test.use({ serviceWorkers: 'allow' });

const OFFLINE = 'You are offline. Pages you have opened before still work; loading and saving data needs a connection.';
const OFFLINE_CHANGE =
  'You are offline, so this was not saved. Nothing you entered is lost: save again when you are back online.';
/** The mark on data shown from the copy saved for offline (the run may take minutes). */
const SAVED_AT = /^Saved (just now|\d+ minutes? ago)$/;

/** The app's console errors and uncaught ones (a hydration mismatch is one); the browser's own lines for requests it could not send offline are not. */
function appErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A workspace with one project, made for the signed-in user through the API. */
async function createProject(page: Page, names: { workspace: string; project: string }): Promise<void> {
  const made = await page.evaluate(async ({ workspace, project }) => {
    const headers = {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${localStorage.getItem('accessToken')}`,
    };
    const post = (path: string, body: object) =>
      fetch(path, { method: 'POST', headers, body: JSON.stringify(body) }).then((response) => response.json());
    const { id } = (await post('/v1/workspaces', { name: workspace })) as { id: string };
    return ((await post('/v1/projects', { workspaceId: id, name: project })) as { name?: string }).name;
  }, names);
  expect(made).toBe(names.project);
}

/** A new client with a workspace and a project, who opened /dashboard and then /projects online: ready to go offline. */
async function clientWhoOpenedProjects(page: Page, names: { workspace: string; project: string }): Promise<void> {
  await signIn(page, await createAccount({ verified: true }), '/dashboard');
  await createProject(page, names);
  await underServiceWorker(page);
  const main = page.getByRole('main');
  await expect(main.getByText(names.workspace, { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Client area' }).getByRole('link', { name: 'Projects' }).click();
  await expect(main.getByRole('heading', { name: names.project })).toBeVisible();
  await readyOffline(page);
}

/** The keys of the reads kept for offline in this browser. */
async function savedReadKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('kloof-saved-reads');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reads')) return resolve([]);
          const keys = db.transaction('reads').objectStore('reads').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

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
    await expect(main.getByText('Create a workspace first')).toBeVisible();

    // In-app navigation offline: the overview read before shows, marked as saved; never the HTTP layer's words.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(main.getByText('Welcome to your client area')).toBeVisible();
    await expect(main.getByText(SAVED_AT)).toBeVisible();
    await expect(page.getByText(/network error/i)).toHaveCount(0);

    // Back online, the page loads the latest without a click.
    await context.setOffline(false);
    await expect(main.getByText(SAVED_AT)).toHaveCount(0);
    await expect(main.getByText('Welcome to your client area')).toBeVisible();
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

  test('opened online, /dashboard and /projects reload offline at once with their data, marked with when it was saved, and no console error', async ({
    page,
    context,
  }) => {
    const errors = appErrors(page);
    await clientWhoOpenedProjects(page, { workspace: 'Harbour shop', project: 'Harbour shop launch' });
    const main = page.getByRole('main');

    await context.setOffline(true);
    await page.reload();
    await expect(main.getByRole('heading', { name: 'Harbour shop launch' })).toBeVisible();
    await expect(main.getByText(SAVED_AT)).toBeVisible();
    await page.goto('/dashboard');
    await expect(main.getByText('Harbour shop', { exact: true })).toBeVisible();
    await expect(main.getByText(SAVED_AT)).toBeVisible();
    await expect(main.getByText('could not be loaded', { exact: false })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('offline, a change is refused at once with the reason, and the form keeps what was typed', async ({
    page,
    context,
  }) => {
    await clientWhoOpenedProjects(page, { workspace: 'Bakery', project: 'Bakery menu' });
    const main = page.getByRole('main');

    await context.setOffline(true);
    await page.reload();
    await expect(main.getByRole('heading', { name: 'Bakery menu' })).toBeVisible();
    await main.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Bakery delivery');
    const posted: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posted.push(request.url()));
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText(OFFLINE_CHANGE)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Bakery delivery');
    expect(posted).toEqual([]);

    // Back online, the same form sends what it kept.
    await context.setOffline(false);
    await expect(page.getByText('You are back online.', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'Bakery delivery' })).toBeVisible();
  });

  test('/ loaded from the service worker offline hydrates without an error', async ({ page, context }) => {
    const errors = appErrors(page);
    await page.goto('/');
    await underServiceWorker(page);
    await readyOffline(page);

    await context.setOffline(true);
    await page.reload();
    await expectPage(page, /./);
    // The toast comes once the app has rendered (hydrated) the page.
    await expect(page.getByText(OFFLINE)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a second user on the same browser sees none of the first user's saved data offline; signing out deletes it", async ({
    page,
    context,
  }) => {
    await clientWhoOpenedProjects(page, { workspace: 'First private workspace', project: 'First private project' });
    const main = page.getByRole('main');
    await expect.poll(() => savedReadKeys(page)).not.toEqual([]);

    // The second user signs in on this browser (the first never signed out) and opens the dashboard.
    const second = await createAccount({ verified: true });
    await signIn(page, second, '/dashboard');
    await expect(main.getByText('Welcome to your client area')).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Client area' }).getByRole('link', { name: 'Projects' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(main.getByText(/could not be loaded|Create a workspace first/)).toBeVisible();
    await expect(page.getByText('First private', { exact: false })).toHaveCount(0);

    await context.setOffline(false);
    await page.goto('/user/logout');
    await expect(page).toHaveURL(/\/auth\/login/);
    expect(await savedReadKeys(page)).toEqual([]);
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

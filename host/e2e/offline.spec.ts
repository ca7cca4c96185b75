import { createAccount, expect, signIn, test } from '@kloof/test-kit/e2e';
import type { Page } from '@playwright/test';

const OFFLINE = 'You are offline. Pages you have opened before still work; loading and saving data needs a connection.';

/** Waits until the service worker is installed and controls the page, then reloads through it. */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

async function expectPage(page: Page, heading: RegExp): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test.describe('offline', () => {
  test('public pages visited once open and link to each other without a network', async ({ page, context }) => {
    await page.goto('/');
    await underServiceWorker(page);
    for (const path of ['/pricing', '/services', '/']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    }

    await context.setOffline(true);
    await expect(page.getByText(OFFLINE)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expectPage(page, /pricing/i);
    await page.getByRole('banner').getByRole('link', { name: 'Services' }).click();
    await expectPage(page, /services/i);
    // A full load of a deep link works too: every route is the one cached shell.
    await page.goto('/pricing');
    await expectPage(page, /pricing/i);

    await context.setOffline(false);
    await expect(page.getByText('You are back online.')).toBeVisible();
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
    expect(cached.some((url) => url.endsWith('/remotes.json'))).toBe(true);
  });
});

import { expect, test } from '@kloof/test-kit/e2e';

const publicPages = [
  { path: '/', remote: 'marketing' },
  { path: '/services', remote: 'marketing' },
  { path: '/docs', remote: 'marketing' },
  { path: '/pricing', remote: 'marketing' },
  { path: '/careers', remote: 'marketing' },
  { path: '/careers/junior-digital-assistant', remote: 'marketing' },
  { path: '/contact', remote: 'marketing' },
  { path: '/branding', remote: 'marketing' },
  { path: '/auth/login', remote: 'auth' },
  { path: '/auth/register', remote: 'auth' },
  { path: '/auth/forgetPassword', remote: 'auth' },
  { path: '/auth/resetPassword', remote: 'auth' },
  { path: '/auth/resetPassword/12345678', remote: 'auth' },
  { path: '/auth/account-verification', remote: 'auth' },
  { path: '/auth/resend-verification', remote: 'auth' },
];

test.describe('module federation', () => {
  // Requests a service worker makes are invisible to page.route; these tests watch the network.
  test.use({ serviceWorkers: 'block' });

  for (const { path, remote } of publicPages) {
    test(`${path} renders a page of the ${remote} remote`, async ({ page }) => {
      const entry = page.waitForResponse((r) => r.url().includes(`/remotes/${remote}/remoteEntry.js`));
      await page.goto(path);
      expect((await entry).ok()).toBe(true);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);
    });
  }

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('/auth goes to / and /user to the profile', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('host and remotes share one instance of api-client, auth and ui', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/auth/login');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const shares = await page.evaluate(() => {
      // A tree-shaken share keeps its loaded module under `treeShaking`.
      type Share = { from: string; loaded?: boolean; lib?: unknown; treeShaking?: { loaded?: boolean } };
      const scope = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, { default: Record<string, Record<string, Share>> }> };
        }
      ).__FEDERATION__.__SHARE__;
      const result: Record<string, { versions: number; providers: string[] }> = {};
      for (const instance of Object.values(scope)) {
        for (const name of ['@kloof/api-client', '@kloof/auth', '@kloof/ui', 'react', 'react-router-dom']) {
          const versions = instance.default?.[name] ?? {};
          const loaded = Object.values(versions).filter((s) => s.loaded || s.lib || s.treeShaking?.loaded);
          result[name] ??= { versions: 0, providers: [] };
          result[name].versions = Math.max(result[name].versions, loaded.length);
          result[name].providers.push(...loaded.map((s) => s.from));
        }
      }
      return result;
    });
    for (const name of ['@kloof/api-client', '@kloof/auth', '@kloof/ui', 'react', 'react-router-dom']) {
      expect(shares[name]?.versions, `${name} is loaded once`).toBe(1);
      expect(new Set(shares[name]?.providers)).toEqual(new Set(['host']));
    }
  });

  test('a remote that cannot be reached costs only its own pages, and recovers', async ({ page }) => {
    await page.route('**/remotes/marketing/**', (route) => route.abort('connectionrefused'));
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);

    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await page.unroute('**/remotes/marketing/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
  });

  test('pointing at a link downloads that page before the click', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const pricingChunk = page.waitForRequest((r) => /\/remotes\/marketing\/.*Pricing.*\.js$/.test(r.url()));
    await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).first().hover();
    await pricingChunk;
    expect(page.url()).not.toContain('/pricing');
  });
});

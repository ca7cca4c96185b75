import { e2e, expect, test } from '@kloof/test-kit/e2e';

const passkeyButton = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: 'Sign in with a passkey' });

test('the sign-in page offers a passkey on the site’s domain, never on its IP address where it can only fail', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', /.*/);
  await expect(passkeyButton(page)).toBeVisible();

  // The same site at its IP address: WebAuthn refuses every ceremony there (no domain to tie a passkey to).
  await page.goto(`http://127.0.0.1:${e2e.webPort}/auth/login`);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', /.*/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(passkeyButton(page)).toHaveCount(0);
});

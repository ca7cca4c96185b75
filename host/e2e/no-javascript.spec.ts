import { e2e, expect, test } from '@kloof/test-kit/e2e';
import { violationsWithoutScript } from '@kloof/test-kit/e2e/without-script';

// A visitor whose browser runs no script.
test.use({ javaScriptEnabled: false });

const NEEDS_JAVASCRIPT = 'This page needs JavaScript';

test.describe('JavaScript off', () => {
  for (const path of ['/auth/login', '/auth/register', '/dashboard']) {
    test(`${path} says it needs JavaScript instead of a blank page`, async ({ page, browser }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: NEEDS_JAVASCRIPT })).toBeVisible();
      // (Playwright's text matching skips what sits in <noscript>: the main element inside it is asked.)
      await expect(page.getByRole('main')).toContainText(
        'Signing in, signing up and the client area run in your browser, and JavaScript is off. Turn it on and reload this page.',
      );
      await expect(page.getByRole('link', { name: 'Kloof Digital home' })).toHaveAttribute('href', '/');
      // Readable in a dark system theme too: the notice carries its own light colours.
      for (const colorScheme of ['light', 'dark'] as const) {
        const found = await violationsWithoutScript(browser, `${e2e.baseUrl}${path}`, colorScheme);
        expect([colorScheme, found]).toEqual([colorScheme, []]);
      }
    });
  }
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { marketingPages } from './public-pages';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's findings on the page as it is now, one line per rule with the elements it flagged. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(tags).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${colorScheme} theme`, () => {
    test.use({ colorScheme, reducedMotion: 'reduce' });

    // One browser walks every public page (a visitor's warm cache); each page is checked on its own.
    test('every public page has no axe violations', async ({ page }) => {
      test.setTimeout(scaled(30_000) * marketingPages.length);
      const found: Record<string, string[]> = {};
      for (const { path } of marketingPages) {
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        const onPage = await violations(page);
        if (onPage.length > 0) found[path] = onPage;
      }
      expect(found).toEqual({});
    });

    test('/contact with every field error shown has no axe violations', async ({ page }) => {
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByText('Please enter your name.')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}

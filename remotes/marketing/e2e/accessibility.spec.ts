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

const themes = ['light', 'dark'] as const;

test.use({ reducedMotion: 'reduce' });

/** Checks the open page in each theme, switching the system setting under it. */
async function violationsInEachTheme(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  // Settled colours only: reduced motion transitions every property for 0.01 ms, and a section
  // off screen (content-visibility: auto) restyles when axe scrolls to it, a frame behind.
  await page.addStyleTag({ content: '* { transition: none !important; content-visibility: visible !important; }' });
  for (const colorScheme of themes) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    const onPage = await violations(page);
    if (onPage.length > 0) found[colorScheme] = onPage;
  }
  return found;
}

// One browser walks every public page (a visitor's warm cache); each page is checked on its own, in both themes.
test('every public page has no axe violations, light or dark', async ({ page }) => {
  test.setTimeout(scaled(45_000) * marketingPages.length);
  const found: Record<string, Record<string, string[]>> = {};
  for (const { path } of marketingPages) {
    await page.emulateMedia({ colorScheme: themes[0] });
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const onPage = await violationsInEachTheme(page);
    if (Object.keys(onPage).length > 0) found[path] = onPage;
  }
  expect(found).toEqual({});
});

test('/contact with every field error shown has no axe violations, light or dark', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  expect(await violationsInEachTheme(page)).toEqual({});
});

import { expect, test } from '@kloof/test-kit/e2e';
import { themes, violationsInEachTheme } from '@kloof/test-kit/e2e/axe';
import { scaled } from '@kloof/test-kit/slowdown';
import { marketingPages } from './public-pages';

test.use({ reducedMotion: 'reduce' });

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

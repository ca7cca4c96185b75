import { expect, test } from '@kloof/test-kit/e2e';

test.describe('unknown addresses', () => {
  test('answer 404 with the not-found page and noindex, from the production web server', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(response?.headers()['x-robots-tag']).toBe('noindex');

    // A link inside the app still works from there.
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('known routes keep 200, parameterised ones and redirects too', async ({ request }) => {
    for (const path of [
      '/',
      '/pricing',
      '/careers/junior-digital-assistant',
      '/auth/resetPassword/123456',
      '/manage/user/5b0f1d2e-0000-4000-8000-000000000000',
      '/auth',
      '/user',
      '/unauthorized',
      '/dashboard',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).not.toContain('noindex');
    }
    for (const path of ['/pricing/extra', '/manage/user', '/admin/anything']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});

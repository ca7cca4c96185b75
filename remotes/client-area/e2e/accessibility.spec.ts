import { createAccount, expect, signIn, test } from '@kloof/test-kit/e2e';
import { themes, violationsInEachTheme } from '@kloof/test-kit/e2e/axe';
import { scaled } from '@kloof/test-kit/slowdown';
import { api } from './support/client-api';

/** Every screen of the client area, each with its main heading. */
const screens = [
  ['/dashboard', 'Dashboard'],
  ['/workspaces', 'Workspaces'],
  ['/projects', 'Projects'],
  ['/links', 'Links'],
  ['/user/profile', 'Profile'],
  ['/user/settings', 'Settings'],
  ['/user/activity', 'Activity'],
  ['/billing', 'Billing'],
] as const;

test.use({ reducedMotion: 'reduce' });

// One signed-in browser walks every screen; each is checked on its own, in both themes.
test('every signed-in client-area screen has no axe violations, light or dark', async ({ page }) => {
  test.setTimeout(scaled(30_000) * screens.length);
  const account = await createAccount();
  // Something on every screen: the dashboard's overview, lists with rows.
  const workspace = await api<{ id: string }>(account, 'POST', 'workspaces', { name: 'Cape Winelands' });
  for (const status of ['planning', 'active', 'on_hold', 'completed'])
    await api(account, 'POST', 'projects', { workspaceId: workspace.id, name: `P ${status}`, status });
  await api(account, 'POST', 'links', { workspaceId: workspace.id, title: 'Wine shop', url: 'https://shop.example' });
  await page.emulateMedia({ colorScheme: themes[0] });
  await signIn(page, account, screens[0][0]);
  const found: Record<string, Record<string, string[]>> = {};
  for (const [path, name] of screens) {
    await page.emulateMedia({ colorScheme: themes[0] });
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
    // Its data shown, not a loading state.
    await page.waitForLoadState('networkidle');
    const onPage = await violationsInEachTheme(page);
    if (Object.keys(onPage).length > 0) found[path] = onPage;
  }
  expect(found).toEqual({});
});

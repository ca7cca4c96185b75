import { createAccount, e2e, expect, login, signIn, test, type Account } from '@kloof/test-kit/e2e';
import type { Page } from '@playwright/test';

const SESSION_GONE = 'Your session has ended. Please sign in again.';

async function signInThroughForm(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const field = (name: string) => page.getByRole('main').getByRole('textbox', { name, exact: true });
  await field('E-mail address').fill(account.email);
  await field('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function changePassword(account: Account, password: string): Promise<void> {
  // The other browser: its own session, which keeps working; every other session is revoked.
  const other = await login(account.email, account.password);
  const response = await fetch(`${e2e.apiUrl}/current-user/password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${other.accessToken}` },
    body: JSON.stringify({ currentPassword: account.password, password, passwordConfirm: password }),
  });
  expect(response.ok).toBe(true);
}

/**
 * The ended session is explained on the sign-in page and its tokens are gone; signing in again
 * returns to `path`, whose heading is `heading`.
 */
async function expectSignInAgainReturnsTo(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  path: string,
  heading: string,
): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText(SESSION_GONE)).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
  ).toEqual([null, null]);

  await signInThroughForm(page, account);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('sessions end where a user expects', () => {
  test('a password change on another browser ends this session: sign-in with a message, then back where the user was', async ({
    page,
  }) => {
    const account = await createAccount();
    // The dashboard asks for its overview and workspaces once its heading shows: both answered
    // before the password changes, so the click below makes the next call with this session.
    const dashboardData = Promise.all(
      ['/dashboard', '/workspaces'].map((path) =>
        page.waitForResponse(
          (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/v1${path}`,
        ),
      ),
    );
    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await dashboardData;

    const password = `${account.password}-new`;
    await changePassword(account, password);

    // The next call with the revoked session answers 401: no "Unauthorized / Try again" for ever.
    await page.getByRole('navigation', { name: 'Client area' }).getByRole('link', { name: 'Workspaces' }).click();
    await expectSignInAgainReturnsTo(page, { email: account.email, password }, '/workspaces', 'Workspaces');
  });

  test('a password change on another browser, then a reload here: sign-in says why, then back where the user was', async ({
    page,
  }) => {
    const account = await createAccount();
    // As above: the page's own calls answered before the password changes, so the reload is next.
    const projectsData = Promise.all(
      ['/projects', '/workspaces'].map((path) =>
        page.waitForResponse(
          (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/v1${path}`,
        ),
      ),
    );
    await signIn(page, account, '/projects');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await projectsData;
    await expect(page.getByRole('main').getByText('Create a workspace first')).toBeVisible();

    const password = `${account.password}-new`;
    await changePassword(account, password);

    // Every toast title the reloaded page shows, however briefly.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { toasts: string[] }).toasts = seen;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('[data-sonner-toast] [data-title]')) {
          const text = toast.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // On page load, as in navigation: the ended session is explained, not silently dropped.
    // (Not waiting for the load event: on a loaded machine it can come after the toast's 4 s.)
    await page.reload({ waitUntil: 'commit' });
    await expectSignInAgainReturnsTo(page, { email: account.email, password }, '/projects', 'Projects');
    // Said once, in those words: not the refresh endpoint's raw refusal, nor 'Your Login has expired.'.
    const toasts = await page.evaluate(() => (window as unknown as { toasts: string[] }).toasts);
    expect(toasts).toContain(SESSION_GONE);
    expect(toasts).not.toContain('Invalid refresh token');
    expect(toasts).not.toContain('Your Login has expired.');
  });

  test('signing in from a public page returns to that page', async ({ page }) => {
    const account = await createAccount();
    await page.goto('/pricing');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  });

  test('an unverified user can log out, or use another account', async ({ page }) => {
    const unverified = await createAccount({ verified: false });
    const other = await createAccount();
    await signIn(page, unverified, '/dashboard');
    await expect(page).toHaveURL(/\/auth\/resend-verification$/);
    await page.getByRole('button', { name: 'Use another account' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    // No page to return to after "Use another account": the spec's guest-only rule lands on /.
    await signInThroughForm(page, other);
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();

    await page.goto('/user/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    // "Use another account" revoked the first session: a new one, as after signing in again.
    await signIn(page, await login(unverified.email, unverified.password), '/dashboard');
    await expect(page).toHaveURL(/\/auth\/resend-verification$/);
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  });

  test('system-users is asked once per session, never after Log out; System link and guard agree', async ({ page }) => {
    const account = await createAccount();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/system-users')) asked.push(request.headers()['authorization'] ?? 'no token');
    });
    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Client area' });
    await sidebar.getByRole('link', { name: 'Workspaces' }).click();
    await page.goto('/pricing');
    await page.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' }).click();
    // The shell is back (and has asked) before the next page load leaves it.
    await expect(sidebar).toBeVisible();
    await expect.poll(() => asked.length).toBe(2);
    await page.goto('/system');
    await expect(page.getByRole('heading', { name: 'Access Denied !' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'System' })).toHaveCount(0);
    // One ask per page load that shows the shell (/dashboard, back from /pricing, /system): in-app
    // navigation, the shell coming back and the /system guard reuse the one answer.
    expect(asked).toHaveLength(3);
    expect(asked.every((header) => header.startsWith('Bearer '))).toBe(true);

    const before = asked.length;
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.waitForLoadState('networkidle');
    expect(asked.length).toBe(before);
  });
});

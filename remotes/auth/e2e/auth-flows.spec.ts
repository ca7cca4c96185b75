import type { Page } from '@playwright/test';
import { createAccount, expect, latestMail, signIn, test, uniqueEmail } from '@kloof/test-kit/e2e';

/** A form field of the page's main content by its exact accessible name. */
function field(page: Page, name: string) {
  return page.getByRole('main').getByRole('textbox', { name, exact: true });
}

test.describe('auth pages against the real API', () => {
  test('register -> code from the mail -> verify -> sign in -> dashboard', async ({ page }) => {
    const email = uniqueEmail('signup');
    const password = 'a-long-enough-password';
    await page.goto('/auth/register');
    await field(page, 'Name').fill('Thandi Nkosi');
    await field(page, 'E-mail address').fill(email);
    await field(page, 'Company').fill('Nkosi Logistics');
    await field(page, 'Phone').fill('+27 82 555 0100');
    await field(page, 'How can we help?').fill('We need a booking app.');
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/auth\/account-verification\?email=/);
    await expect(page.getByText('we sent the next step to your address', { exact: false })).toBeVisible();
    await expect(field(page, 'E-mail address')).toHaveValue(email);
    const { code } = await latestMail(email);
    await field(page, 'Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify account' }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Your account is verified.')).toBeVisible();
    await expect(field(page, 'E-mail address')).toHaveValue(email);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    expect(
      await page.evaluate(() => Boolean(localStorage.getItem('accessToken') && localStorage.getItem('refreshToken'))),
    ).toBe(true);
  });

  test('the forms say what is wrong before sending, and show server errors in the form', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter your e-mail address')).toBeVisible();
    await expect(field(page, 'E-mail address')).toBeFocused();
    await field(page, 'E-mail address').fill('nobody@e2e.kloof.test');
    await field(page, 'Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('an unverified user is sent to resend-verification, gets a new code and verifies there', async ({ page }) => {
    const account = await createAccount({ verified: false });
    // A page that needs a verified account (signing in with no origin lands on the public home page).
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await field(page, 'E-mail address').fill(account.email);
    await field(page, 'Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(/\/auth\/resend-verification$/);
    await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
    const first = await latestMail(account.email);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByText('we sent a new verification code', { exact: false })).toBeVisible();
    await expect.poll(async () => (await latestMail(account.email)).code).not.toBe(first.code);
    const { code } = await latestMail(account.email);
    await field(page, 'Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('forgot password -> code -> reset -> sign in with the new password', async ({ page }) => {
    const account = await createAccount();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await field(page, 'E-mail address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();

    await expect(page).toHaveURL(/\/auth\/resetPassword\?email=/);
    const { code } = await latestMail(account.email, { subject: /Reset/ });
    await field(page, 'Reset code').fill(code!);
    await field(page, 'New password').fill('my-brand-new-password');
    await field(page, 'Repeat new password').fill('my-brand-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await field(page, 'E-mail address').fill(account.email);
    await field(page, 'Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await field(page, 'Password').fill('my-brand-new-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('the reset link from the mail (/auth/resetPassword/{otp}?email=) needs only the new password', async ({
    page,
  }) => {
    const account = await createAccount();
    await page.goto('/auth/forgetPassword');
    await field(page, 'E-mail address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page).toHaveURL(/\/auth\/resetPassword\?email=/);
    const { code, text } = await latestMail(account.email, { subject: /Reset/ });
    const link = new URL(/https?:\/\/\S+\/auth\/resetPassword\/\S+/.exec(text)![0]);
    expect(link.pathname).toBe(`/auth/resetPassword/${code}`);
    expect(link.searchParams.get('email')).toBe(account.email);
    await page.goto(link.pathname + link.search);
    await expect(field(page, 'Reset code')).toHaveValue(code!);
    await field(page, 'New password').fill('from-the-link-password');
    await field(page, 'Repeat new password').fill('from-the-link-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await page.goto(`/auth/resetPassword/00000000?email=${encodeURIComponent(account.email)}`);
    await expect(page.getByText('This reset link cannot be used')).toBeVisible();
  });

  test('a guard remembers the origin: a signed-out visitor opening /workspaces lands there after signing in', async ({
    page,
  }) => {
    const account = await createAccount();
    await page.goto('/workspaces');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await field(page, 'E-mail address').fill(account.email);
    await field(page, 'Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/workspaces$/);
  });

  test('a guest page sends a signed-in user back where they came from (signed in from another tab)', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    await page.goto('/services');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    const other = await context.newPage();
    await signIn(other, account, '/dashboard');
    await expect(other).toHaveURL(/\/dashboard$/);
    // The first tab hears of the new session and leaves the guest-only page for where it came from.
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  });

  test('a signed-in user opening a guest page without an origin goes to /', async ({ page }) => {
    const account = await createAccount();
    await signIn(page, account, '/auth/register');
    await expect(page).toHaveURL(/\/$/);
  });

  test('signing in on the auth remote updates the host header without a reload (one shared auth store)', async ({
    page,
  }) => {
    const account = await createAccount();
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await header.getByRole('link', { name: 'Login' }).click();
    await field(page, 'E-mail address').fill(account.email);
    await field(page, 'Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Back on the page the visitor came from, in the same document, now signed in.
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

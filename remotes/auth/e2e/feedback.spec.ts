import { createAccount, expect, latestMail, signIn, test, uniqueEmail } from '@kloof/test-kit/e2e';

const field = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('main').getByRole('textbox', { name, exact: true });

test.describe('auth pages say the right thing, once', () => {
  test('signing up with an address that already has an account: the screen is true either way', async ({ page }) => {
    const existing = await createAccount();
    await page.goto('/auth/register');
    await field(page, 'Name').fill('Someone Else');
    await field(page, 'E-mail address').fill(existing.email);
    await field(page, 'Password').fill('another-long-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\/account-verification\?email=/);
    // The mail says "you already have an account"; the screen must not claim a code was sent.
    // The mail is queued: wait for it rather than read whichever mail is newest now.
    expect((await latestMail(existing.email, { subject: /already have/ })).subject).toMatch(/already have/);
    await expect(page.getByText('We sent a verification code', { exact: false })).toHaveCount(0);
    await expect(page.getByText('if it already has an account, the message says so', { exact: false })).toBeVisible();
  });

  test('five wrong codes show one message, not five toasts', async ({ page }) => {
    const account = await createAccount({ verified: false });
    await page.goto(`/auth/account-verification?email=${encodeURIComponent(account.email)}`);
    for (let i = 0; i < 5; i += 1) {
      await field(page, 'Verification code').fill(String(100000 + i));
      await page.getByRole('button', { name: 'Verify account' }).click();
      await expect(page.getByRole('button', { name: 'Verify account' })).toBeEnabled();
    }
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(1);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });

  test('the link in the verification e-mail opens the page with the address filled in and the code focused', async ({
    page,
  }) => {
    const email = uniqueEmail('link');
    await page.goto('/auth/register');
    await field(page, 'Name').fill('Link Follower');
    await field(page, 'E-mail address').fill(email);
    await field(page, 'Password').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\/account-verification/);
    const { text, code } = await latestMail(email);
    const link = /https?:\/\/\S+\/auth\/account-verification\S*/.exec(text)?.[0];
    expect(link).toContain(`email=${encodeURIComponent(email)}`);
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(field(page, 'E-mail address')).toHaveValue(email);
    await expect(field(page, 'Verification code')).toBeFocused();
    await page.keyboard.type(code!);
    await page.getByRole('button', { name: 'Verify account' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('after "Send a new code" the cursor is in the code field', async ({ page }) => {
    const account = await createAccount({ verified: false });
    await signIn(page, account, '/auth/resend-verification');
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(field(page, 'Verification code')).toBeFocused();
    // Signed out, the page asks for the address and then moves on to entering the code.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/resend-verification');
    await field(page, 'E-mail address').fill(account.email);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page).toHaveURL(/\/auth\/account-verification\?email=/);
    await expect(field(page, 'Verification code')).toBeFocused();
  });
});

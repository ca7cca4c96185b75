import { expect, test, uniqueEmail } from '@kloof/test-kit/e2e';

const WEAK =
  'This password is too common: it appears in lists of leaked passwords or is easy to guess. Please choose another, for example a few unrelated words.';

test('sign-up refuses a common password with a clear message at the password field', async ({ page }) => {
  await page.goto('/auth/register');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Thandi Nkosi');
  await main.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(uniqueEmail('weak'));
  const password = main.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('password1234');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toHaveAccessibleDescription(new RegExp(WEAK.slice(0, 40)));
  await expect(main.getByText(WEAK)).toBeVisible();

  await password.fill('violet tractor umbrella');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/account-verification/);
});

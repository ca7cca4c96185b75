import type { Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { createAccount, expect, signIn, test, type Account } from '@kloof/test-kit/e2e';

/** The code an authenticator app would show for the next 30-second step (each step signs in once). */
const nextCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

async function signOut(page: Page) {
  await page.goto('/user/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/** E-mail and password on the sign-in page, up to the second step. */
async function passwordStep(page: Page, account: Account) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(account.email);
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Two-step verification' })).toBeVisible();
}

/** Signed out, then the password and a recovery code. */
async function signInWithRecoveryCode(page: Page, account: Account, recoveryCode: string) {
  await signOut(page);
  await passwordStep(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: /^Recovery code/ }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('authenticator app: set up with the typed-out key, then sign in with the password and a code, and with a recovery code once', async ({
  page,
}) => {
  const account = await createAccount();
  await signIn(page, account, '/user/settings');
  const card = page.getByRole('region', { name: 'Authenticator app' });
  await card.getByRole('button', { name: 'Set up' }).click();
  // Setting up a second factor asks for the password again (fresh proof).
  const recheck = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await recheck.getByLabel('Your password').fill(account.password);
  await recheck.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByRole('textbox', { name: /^Authentication code/ }).fill(authenticator.generate(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const recovery = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recovery).toHaveCount(10);
  const [recoveryCode] = await recovery.allTextContents();
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card).toContainText('10 recovery codes left');

  // The password alone no longer signs in: the code from the app does, after it.
  await signOut(page);
  await passwordStep(page, account);
  const code = page.getByRole('textbox', { name: /^Authentication code/ });
  await expect(code).toBeFocused();
  await code.fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code stands in for the app, once.
  await signInWithRecoveryCode(page, account, recoveryCode!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await signInWithRecoveryCode(page, account, recoveryCode!);
  await expect(page.getByRole('alert')).toHaveText('Invalid or expired code');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

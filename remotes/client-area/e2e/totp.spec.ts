import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { createAccount, expect, signIn, test, type Account } from '@kloof/test-kit/e2e';

/** The code an authenticator app would show for the next 30-second step (each step signs in once). */
const nextCode = (secret: string) => generateSync({ secret, epoch: Date.now() / 1000 + 30 });

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

/** Settings > Security: sets the app up with its typed-out key; its key and one recovery code. */
async function setUpApp(page: Page, account: Account) {
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
  await card.getByRole('textbox', { name: /^Authentication code/ }).fill(generateSync({ secret }));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const recovery = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recovery).toHaveCount(10);
  const [recoveryCode] = await recovery.allTextContents();
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card).toContainText('10 recovery codes left');
  return { card, secret, recoveryCode: recoveryCode! };
}

test('authenticator app: set up with the typed-out key, then sign in with the password and a code, and with a recovery code once', async ({
  page,
}) => {
  const account = await createAccount();
  const { secret, recoveryCode } = await setUpApp(page, account);

  // The password alone no longer signs in: the code from the app does, after it.
  await signOut(page);
  await passwordStep(page, account);
  const code = page.getByRole('textbox', { name: /^Authentication code/ });
  await expect(code).toBeFocused();
  await code.fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);

  // A recovery code stands in for the app, once.
  await signInWithRecoveryCode(page, account, recoveryCode);
  await expect(page).toHaveURL(/:\d+\/$/);
  await signInWithRecoveryCode(page, account, recoveryCode);
  await expect(page.getByRole('alert')).toHaveText('Invalid or expired code');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('authenticator app: turning it off asks for a code from it, not the password the session just gave', async ({
  page,
}) => {
  const account = await createAccount();
  const { card, secret } = await setUpApp(page, account); // this session proved its password a moment ago
  await card.getByRole('button', { name: 'Turn off' }).click();
  const confirmOff = page.getByRole('dialog', { name: 'Turn off the authenticator app?' });
  await confirmOff.getByRole('button', { name: 'Turn off' }).click();
  const recheck = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(recheck).toContainText('your password alone is not enough');
  await expect(recheck.getByLabel('Your password')).toHaveCount(0);
  const code = recheck.getByRole('textbox', { name: /^Code from your authenticator app, or a recovery code/ });
  await expect(code).toBeFocused();
  await code.fill('000000');
  await recheck.getByRole('button', { name: 'Confirm' }).click();
  await expect(recheck.getByRole('alert')).toHaveText('Invalid or expired code');
  await expect(card).toContainText('10 recovery codes left'); // still on
  await code.fill(nextCode(secret));
  await recheck.getByRole('button', { name: 'Confirm' }).click();
  await expect(card).toContainText('Off. Add a code from an app on your phone to each sign-in.');
  await expect(recheck).toHaveCount(0);
});

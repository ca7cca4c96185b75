import { expect, type Page } from '@playwright/test';

/** A text field of the page's main region, by its exact label. */
export function field(page: Page, name: string) {
  return page.getByRole('main').getByRole('textbox', { name, exact: true });
}

/** E-mail and password on the sign-in page (of the shared site unless `origin` names another), then Sign in. */
export async function signInWithForm(page: Page, email: string, password: string, origin = '') {
  await page.goto(`${origin}/auth/login`);
  await field(page, 'E-mail address').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * On the reset page: the mailed code and a new password, then (back on the sign-in page, where
 * setting it leads) a sign-in with it that must land (with no origin to return to) on the home page.
 */
export async function resetPasswordThenSignIn(page: Page, email: string, code: string, password: string) {
  await field(page, 'Reset code').fill(code);
  await field(page, 'New password').fill(password);
  await field(page, 'Repeat new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await field(page, 'E-mail address').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
}

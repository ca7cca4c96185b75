import { test as base, expect, type Page } from '@playwright/test';
import type { Account } from './api';

/** Signs a browser in the way the product does: both tokens in localStorage, then a fresh load. */
export async function signIn(
  page: Page,
  account: Pick<Account, 'accessToken' | 'refreshToken'>,
  path = '/dashboard',
): Promise<void> {
  await page.goto('/unauthorized');
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('refreshToken', refreshToken);
  }, account);
  await page.goto(path);
}

/** Signs in with the form, as a person does: the browser sends its own device id (a device of its own). */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
}

export const test = base;
export { expect };
export { createAccount, latestMail, login, newestMailId, systemUserAccount, uniqueEmail, type Account } from './api';
export { e2e } from './environment';

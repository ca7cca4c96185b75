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

export const test = base;
export { expect };
export { createAccount, latestMail, login, newestMailId, systemUserAccount, uniqueEmail, type Account } from './api';
export { e2e } from './environment';

import type { Page } from '@playwright/test';

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

import { createAccount, expect, signIn, test, type Account } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';

let admin: Account;
let superAdmin: Account;
test.beforeAll(async () => {
  admin = await createAccount({ roles: ['Admin'] });
  superAdmin = await createAccount({ roles: ['SuperAdmin'] });
});

test.describe('/manage/user/<id> when there is no such user', () => {
  test('an unknown id says "User not found", with the way back and no Try again that cannot help', async ({ page }) => {
    await signIn(page, admin, '/manage/user/00000000-0000-4000-8000-000000000000');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'User not found' })).toBeVisible({ timeout: scaled(30_000) });
    await expect(main.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await main.getByRole('link', { name: 'All users' }).click();
    await expect(page).toHaveURL(/\/manage\/users$/);
  });

  test('a malformed id says the same, without the raw uuid error, and never asks the API', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/users/')) asked.push(request.url());
    });
    await signIn(page, admin, '/manage/user/not-a-user-id');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'User not found' })).toBeVisible({ timeout: scaled(30_000) });
    await expect(main).not.toContainText('uuid');
    // The link is what is wrong, not an e-mail address (an id is not one).
    await expect(main).toContainText('No account matches this link.');
    await expect(main).not.toContainText('address');
    await expect(main.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(asked).toEqual([]);
  });
});

test.describe('only what the user may do', () => {
  test("an Admin sees a SuperAdmin's account read-only, a SuperAdmin may change it", async ({ page }) => {
    await signIn(page, admin, `/manage/user/${superAdmin.user.id}`);
    await expect(page.getByText('only a SuperAdmin can change it', { exact: false })).toBeVisible({
      timeout: scaled(30_000),
    });
    for (const box of await page.getByRole('main').getByRole('checkbox').all()) await expect(box).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save access' })).toHaveCount(0);

    const other = await createAccount({ roles: ['SuperAdmin'] });
    await signIn(page, other, `/manage/user/${superAdmin.user.id}`);
    await expect(page.getByRole('checkbox', { name: /^SuperAdmin/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Save access' })).toBeEnabled();
  });
});

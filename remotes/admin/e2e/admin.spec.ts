import { createAccount, e2e, expect, login, signIn, systemUserAccount, test, type Account } from '@kloof/test-kit/e2e';

type Persona = 'visitor' | 'unverified' | 'plain' | 'Admin' | 'SuperAdmin' | 'system';
type Outcome = 'page' | 'login' | 'unauthorized' | 'verify' | 'denied' | 'home';

const personas: Persona[] = ['visitor', 'unverified', 'plain', 'Admin', 'SuperAdmin', 'system'];
const accounts = {} as Record<Exclude<Persona, 'visitor'>, Account>;

test.beforeAll(async () => {
  accounts.unverified = await createAccount({ verified: false });
  accounts.plain = await createAccount();
  accounts.Admin = await createAccount({ roles: ['Admin'] });
  accounts.SuperAdmin = await createAccount({ roles: ['SuperAdmin'] });
  accounts.system = await systemUserAccount(e2e.systemUsers.admin);
});

const managers: Record<Persona, Outcome> = {
  visitor: 'login',
  unverified: 'unauthorized',
  plain: 'unauthorized',
  Admin: 'page',
  SuperAdmin: 'page',
  system: 'unauthorized',
};

/** Admin or SuperAdmin on /manage, Admin on /admin, SuperAdmin on /super: who sees which page, and where everybody else goes. */
/** Each route's page module (the admin remote's exposed name); /dashboard is the client area's. */
const matrix: { path: string; module?: string; heading: string | RegExp; outcomes: Record<Persona, Outcome> }[] = [
  {
    path: '/dashboard',
    heading: 'Dashboard',
    outcomes: {
      visitor: 'login',
      unverified: 'verify',
      plain: 'page',
      Admin: 'page',
      SuperAdmin: 'page',
      system: 'page',
    },
  },
  { path: '/manage', module: 'ManageIndex', heading: 'Manage', outcomes: managers },
  { path: '/manage/users', module: 'ManageUsers', heading: 'Users', outcomes: managers },
  { path: '/manage/user/:self', module: 'ManageUser', heading: /.+/, outcomes: managers },
  {
    path: '/admin',
    module: 'AdminHome',
    heading: 'Admin',
    outcomes: {
      visitor: 'login',
      unverified: 'unauthorized',
      plain: 'unauthorized',
      Admin: 'page',
      SuperAdmin: 'unauthorized',
      system: 'unauthorized',
    },
  },
  {
    path: '/super',
    module: 'SuperHome',
    heading: 'Super admin',
    outcomes: {
      visitor: 'login',
      unverified: 'unauthorized',
      plain: 'unauthorized',
      Admin: 'unauthorized',
      SuperAdmin: 'page',
      system: 'unauthorized',
    },
  },
  {
    // The releases console: system users and SuperAdmins change releases, Admins read them.
    path: '/manage/releases',
    module: 'ManageReleases',
    heading: 'Releases',
    outcomes: {
      visitor: 'home',
      unverified: 'denied',
      plain: 'denied',
      Admin: 'page',
      SuperAdmin: 'page',
      system: 'page',
    },
  },
  {
    path: '/system',
    module: 'SystemHome',
    heading: 'System',
    outcomes: {
      visitor: 'home',
      unverified: 'denied',
      plain: 'denied',
      Admin: 'denied',
      SuperAdmin: 'denied',
      system: 'page',
    },
  },
];

test.describe('role-gated routes', () => {
  // One browser per kind of user, signed in once, walking every gated route.
  for (const persona of personas) {
    test(`every gated route for a ${persona === 'visitor' ? 'visitor' : `${persona} user`}`, async ({ page }) => {
      const adminRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/remotes/admin/')) adminRequests.push(request.url());
      });
      if (persona !== 'visitor') await signIn(page, accounts[persona], '/unauthorized');
      for (const { path, module, heading, outcomes } of matrix) {
        await test.step(`${path}: ${outcomes[persona]}`, async () => {
          adminRequests.length = 0;
          const target = path.replace(':self', accounts.plain.user.id);
          await page.goto(target);
          const main = page.getByRole('main');
          switch (outcomes[persona]) {
            case 'page':
              await expect(page).toHaveURL(new RegExp(`${target}$`));
              await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
              break;
            case 'login':
              await expect(page).toHaveURL(/\/auth\/login$/);
              break;
            case 'home':
              await expect(page).toHaveURL(new RegExp(`^${e2e.baseUrl}/$`));
              break;
            case 'unauthorized':
              await expect(page).toHaveURL(/\/unauthorized$/);
              await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
              break;
            case 'verify':
              await expect(page).toHaveURL(/\/auth\/resend-verification$/);
              break;
            case 'denied':
              await expect(page.getByRole('heading', { level: 1, name: 'Access Denied !' })).toBeVisible();
              await expect(page.getByText('Only System Users are allowed')).toBeVisible();
              await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
              break;
          }
          if (!module) return;
          // A user who may not see a page of the admin remote never downloads it (the shell may
          // prefetch the admin pages this user may open; a visitor gets nothing of the remote).
          const pageFiles = adminRequests.filter((url) => url.includes(`/__federation_expose_${module}.`));
          if (persona === 'visitor') expect(adminRequests).toEqual([]);
          if (outcomes[persona] !== 'page') expect(pageFiles).toEqual([]);
          else expect(pageFiles.length).toBeGreaterThan(0);
        });
      }
    });
  }

  test('a plain user never downloads the admin remote on /manage, /admin or /super', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/admin/')) requested.push(request.url());
    });
    await signIn(page, accounts.plain, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const path of ['/manage', '/manage/users', '/admin', '/super']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/unauthorized$/);
    }
    await page.goto('/system');
    await expect(page.getByRole('heading', { name: 'Access Denied !' })).toBeVisible();
    expect(requested).toEqual([]);
  });
});

test.describe('admin screens', () => {
  test('Admin: users list searched as you type, one user, roles the API allows and refuses', async ({ page }) => {
    const target = await createAccount({ verified: false });
    await signIn(page, accounts.Admin, '/manage/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Showing (all )?\d+ users?\./ })).toBeVisible();
    // The list follows the field as the admin types: no button press needed.
    await page.getByLabel('Search users').fill(target.email);
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByRole('status').filter({ hasText: 'Showing all 1 user.' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: target.email });
    await expect(page.getByRole('main').getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('Client');
    await expect(row).toContainText('Unverified');

    await row.getByRole('link', { name: target.username }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/user/${target.user.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.username })).toBeVisible();

    // An Admin may not grant SuperAdmin: the control is not offered, and says why.
    await expect(page.getByRole('checkbox', { name: /SuperAdmin/ })).toBeDisabled();
    await expect(page.getByText('Only a SuperAdmin can grant the SuperAdmin role.')).toBeVisible();
    await page.getByRole('checkbox', { name: /^Admin/ }).check();
    await page.getByRole('checkbox', { name: /Verified/ }).check();
    await page.getByRole('button', { name: 'Save access' }).click();
    // A role change needs the admin's fresh proof: the re-check dialog asks, then the save goes on.
    const check = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await check.getByLabel(/^Your password/).fill(accounts.Admin.password);
    await check.getByRole('button', { name: 'Confirm' }).click();
    await expect(check).toBeHidden();
    const details = page.getByRole('main').locator('dl');
    await expect(details).toContainText('Verified');
    await expect(details).toContainText('Admin');
    expect((await login(target.email, target.password)).user).toMatchObject({ roles: ['Admin'], verified: true });

    // Nobody changes their own account.
    await page.goto(`/manage/user/${accounts.Admin.user.id}`);
    await expect(page.getByText('This is your own account', { exact: false })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Verified/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save access' })).toHaveCount(0);
  });

  test('Admin: /manage overview and the /admin contact inbox', async ({ page }) => {
    const from = `enquiry-${Date.now()}@e2e.kloof.test`;
    const sent = await fetch(`${e2e.apiUrl}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Thabo Nkosi',
        email: from,
        company: 'Langa Logistics',
        message: 'We need a fleet tracking app.',
      }),
    });
    expect(sent.status).toBe(201);
    await signIn(page, accounts.Admin, '/manage');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /^Users\s*\d+/ })).toBeVisible();
    await expect(main.getByText('Admins', { exact: true })).toBeVisible();
    await expect(main.getByRole('list', { name: 'Contact-form messages' })).toContainText('Thabo Nkosi');
    await main.getByRole('link', { name: 'Open the inbox' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const inbox = main.getByRole('list', { name: 'Contact-form messages' });
    await expect(inbox).toContainText('We need a fleet tracking app.');
    await expect(inbox.getByRole('link', { name: from })).toHaveAttribute('href', `mailto:${from}`);
    await expect(
      page.getByRole('navigation', { name: 'Client area' }).getByRole('link', { name: 'Manage' }),
    ).toBeVisible();
  });

  test('SuperAdmin: /super lists role holders, grants and removes Admin', async ({ page }) => {
    const target = await createAccount();
    await signIn(page, accounts.SuperAdmin, '/super');
    const holders = page.getByRole('table', { name: 'Role holders' });
    await expect(holders.getByRole('row').filter({ hasText: accounts.SuperAdmin.email })).toContainText('(you)');
    await expect(holders).not.toContainText(target.email);

    await page.getByRole('searchbox', { name: 'Find an account' }).fill(target.email);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: `Grant Admin to ${target.username}` }).click();
    await page.getByRole('dialog', { name: 'Grant Admin?' }).getByRole('button', { name: 'Grant Admin' }).click();
    // The first role change asks the SuperAdmin to confirm it is them; the next one, minutes later, does not.
    const check = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await check.getByLabel(/^Your password/).fill(accounts.SuperAdmin.password);
    await check.getByRole('button', { name: 'Confirm' }).click();
    await expect(check).toBeHidden();
    const row = holders.getByRole('row').filter({ hasText: target.email });
    await expect(row.getByRole('button', { name: `Remove Admin from ${target.username}` })).toBeVisible();

    await row.getByRole('button', { name: `Remove Admin from ${target.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove Admin' }).click();
    await expect(holders).not.toContainText(target.email);
    expect((await login(target.email, target.password)).user.roles).toEqual([]);
  });

  test('on 320 and 375 px phones the admin tables and /system fit their frames: no column out of view, nothing clipped', async ({
    page,
  }) => {
    /** Every table frame on the page: how far its content reaches past the frame's edge (0 when it fits). */
    const overflow = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main table')].map((table) => {
          const frame = table.parentElement!;
          const cells = [...table.querySelectorAll('td, td *')].map((cell) => cell.getBoundingClientRect().right);
          return Math.max(
            frame.scrollWidth - frame.clientWidth,
            ...cells.map((right) => right - frame.getBoundingClientRect().right),
          );
        }),
      );
    /** Text that runs past the edge of its own box (a word wider than a card), the header row aside. */
    const spilled = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((element) => !element.closest('thead, caption, svg'))
          .filter((element) => getComputedStyle(element).overflowX === 'visible')
          .filter((element) => element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1)
          .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`),
      );
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, accounts.SuperAdmin, '/manage/users');
      await expect(page.getByRole('table', { name: /users/i })).toBeVisible();
      for (const path of ['/manage/users', '/super', '/manage']) {
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main').locator('table').first()).toBeVisible();
        for (const reach of await overflow()) expect(reach, `${path} at ${width} px`).toBeLessThanOrEqual(1);
        expect(await spilled(), `${path} at ${width} px`).toEqual([]);
      }
      // The search field's hint is read whole on a phone, not cut off mid-word.
      await page.goto('/manage/users');
      const search = page.getByRole('searchbox', { name: 'Search users' });
      const [hintWidth, room] = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        return [context.measureText(input.placeholder).width, input.clientWidth - padding];
      });
      expect(hintWidth, `search hint at ${width} px`).toBeLessThanOrEqual(room);
      await signIn(page, accounts.system, '/system');
      await expect(page.getByRole('table', { name: 'Remotes' })).toBeVisible();
      for (const reach of await overflow()) expect(reach, `/system at ${width} px`).toBeLessThanOrEqual(1);
      expect(await spilled(), `/system at ${width} px`).toEqual([]);
      // Nothing reaches into the page's right padding (the system users' long addresses wrap at '@' and dots).
      await expect(
        page.getByRole('main').getByRole('listitem').filter({ hasText: e2e.systemUsers.longAddress }),
      ).toBeVisible();
      const clipped = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        const contentEdge = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
        return (
          [...main.querySelectorAll('*')]
            // The header row stays for screen readers, visually hidden (clipped to nothing): not what a reader sees.
            .filter((element) => !element.closest('thead, caption'))
            .filter((element) => element.getBoundingClientRect().right > contentEdge + 0.5)
            .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`)
        );
      });
      expect(clipped, `/system at ${width} px`).toEqual([]);
    }
  });

  test('Grant is a button like Remove, and checkboxes take the brand colour', async ({ page }) => {
    const target = await createAccount({ roles: ['Admin'] });
    await signIn(page, accounts.SuperAdmin, '/super');
    const row = page.getByRole('table', { name: 'Role holders' }).getByRole('row').filter({ hasText: target.email });
    const border = (name: string) =>
      row.getByRole('button', { name }).evaluate((button) => getComputedStyle(button).borderTopWidth);
    expect(await border(`Grant SuperAdmin to ${target.username}`)).toBe(
      await border(`Remove Admin from ${target.username}`),
    );
    expect(await border(`Grant SuperAdmin to ${target.username}`)).not.toBe('0px');

    await page.goto(`/manage/user/${target.user.id}`);
    const checkbox = page.getByRole('checkbox', { name: /Verified/ });
    await expect(checkbox).toBeVisible();
    const [accent, brand] = await checkbox.evaluate((box) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--color-primary)';
      const primary = getComputedStyle(probe).color;
      probe.remove();
      return [getComputedStyle(box).accentColor, primary];
    });
    expect(accent).toBe(brand);
  });

  test('system user: /system shows API health, every remote of the registry and the system users', async ({ page }) => {
    await signIn(page, accounts.system, '/system');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
    const health = main.locator('dl');
    await expect(health).toContainText('Database');
    await expect(health).toContainText(/Mail\s*none waiting|Mail\s*\d+ waiting/);
    await expect(health).not.toContainText('[object Object]');
    const remotes = main.getByRole('table', { name: 'Remotes' });
    for (const name of ['marketing', 'auth', 'clientArea', 'admin']) {
      await expect(remotes.getByRole('row').filter({ hasText: name })).toContainText('Reachable');
    }
    await expect(main.getByRole('listitem').filter({ hasText: e2e.systemUsers.admin })).toBeVisible();
    // The error rates a system user needs: the API lets system users read the telemetry summary.
    const releases = main.getByRole('table', { name: 'Releases' });
    await expect(releases.getByText(/^Errors: /).first()).toBeVisible();
    await expect(releases).not.toContainText('Error rates could not be read from the API.');
    await expect(
      page.getByRole('navigation', { name: 'Client area' }).getByRole('link', { name: 'System' }),
    ).toBeVisible();
  });
});

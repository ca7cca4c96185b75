import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { seededWorkspaceName, startManyItemsSite, type ManyItemsSite } from './support/many-items-site';

// Issue 39: a client with 10,000 of each sees a page at a time, loads more, and finds any one by search.

const ITEMS = 10_000;
const DOM_NODE_BUDGET = 5_000;

let site: ManyItemsSite;

test.beforeAll(async () => {
  // Two API starts and 30,000 rows written: longer than one test.
  test.setTimeout(scaled(300_000));
  site = await startManyItemsSite(ITEMS);
});
test.afterAll(async () => site?.stop());

/** A browser of the seeded site, signed in as its client, that records which lists it asks for. */
async function signedIn(browser: Browser, path: string): Promise<{ page: Page; asked: URL[] }> {
  const page = await (await browser.newContext({ baseURL: site.baseUrl })).newPage();
  const asked: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/v1\/(workspaces|projects|links|dashboard)\b/.test(url.pathname)) asked.push(url);
  });
  await signIn(page, site.account, path);
  return { page, asked };
}

const main = (page: Page) => page.getByRole('main');
const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

test.describe(`a client with ${ITEMS.toLocaleString('en')} workspaces, projects and links`, () => {
  test('/workspaces: the newest page, more on demand, a deep one found by search, under 5,000 DOM nodes', async ({
    browser,
  }) => {
    const { page, asked } = await signedIn(browser, '/workspaces');
    const list = main(page).getByRole('list', { name: 'Workspaces' });
    await expect(list.getByRole('heading').first()).toHaveText(seededWorkspaceName(ITEMS));
    await expect(list.getByRole('listitem')).toHaveCount(50);
    await expect(main(page).getByRole('status')).toHaveText('Showing 50 workspaces. There are more.');

    await main(page).getByRole('button', { name: 'Load more workspaces' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(100);
    await expect(list.getByRole('heading').last()).toHaveText(seededWorkspaceName(ITEMS - 99));
    await expect(main(page).getByRole('status')).toHaveText('Showing 100 workspaces. There are more.');
    expect(await domNodes(page)).toBeLessThan(DOM_NODE_BUDGET);

    // The 7th oldest: 9,993 rows down, found by the server.
    await main(page).getByRole('searchbox', { name: 'Search workspaces' }).fill(seededWorkspaceName(7));
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('heading')).toHaveText(seededWorkspaceName(7));
    await expect(main(page).getByRole('status')).toHaveText('Showing all 1 workspace.');
    await expect(page).toHaveURL(/search=Workspace(\+|%20)00007/);
    // Pages of 50 at most: never the whole list.
    for (const url of asked) expect(Number(url.searchParams.get('limit') ?? 50)).toBeLessThanOrEqual(50);
  });

  test('/projects and /links: a page each, names carried by the rows, filters and search the server answers', async ({
    browser,
  }) => {
    const { page, asked } = await signedIn(browser, '/projects');
    const projects = main(page).getByRole('list', { name: 'Projects' });
    await expect(projects.getByRole('listitem')).toHaveCount(50);
    await expect(projects.getByRole('listitem').first()).toContainText(seededWorkspaceName(ITEMS));
    expect(await domNodes(page)).toBeLessThan(DOM_NODE_BUDGET);
    await main(page).getByRole('searchbox', { name: 'Search projects' }).fill('Project 00042');
    await expect(projects.getByRole('listitem')).toHaveCount(1);
    await expect(projects.getByRole('listitem')).toContainText(seededWorkspaceName(42));
    // Project n has status n % 4: 42 is on hold, so "Active" leaves none.
    await main(page).getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Active' });
    await expect(main(page).getByRole('heading', { name: 'No projects match “Project 00042”' })).toBeVisible();

    await page.goto('/links');
    const links = main(page).getByRole('list', { name: 'Links' });
    await expect(links.getByRole('listitem')).toHaveCount(50);
    expect(await domNodes(page)).toBeLessThan(DOM_NODE_BUDGET);
    // The workspace filter finds a deep workspace by name, not in a list of 10,000 options.
    await main(page).getByRole('searchbox', { name: 'Find a workspace' }).fill(seededWorkspaceName(5));
    await main(page)
      .getByRole('combobox', { name: 'Workspace' })
      .selectOption({ label: seededWorkspaceName(5) });
    await expect(links.getByRole('listitem')).toHaveCount(1);
    await expect(links.getByRole('listitem')).toContainText('Link 00005');
    await expect(links.getByRole('listitem')).toContainText('Project 00005');

    const workspaceLists = asked.filter((url) => url.pathname.endsWith('/v1/workspaces'));
    expect(workspaceLists.length).toBeGreaterThan(0);
    for (const url of workspaceLists) expect(Number(url.searchParams.get('limit'))).toBeLessThanOrEqual(20);
  });

  test('/dashboard asks for its overview and five workspaces, nothing else', async ({ browser }) => {
    const { page, asked } = await signedIn(browser, '/dashboard');
    await expect(main(page).getByRole('link', { name: new RegExp(`Workspaces\\s*${ITEMS}`) })).toBeVisible();
    const names = main(page).getByRole('heading', { name: 'Your workspaces' }).locator('..').getByRole('listitem');
    await expect(names).toHaveCount(5);
    await expect(names.first()).toContainText(seededWorkspaceName(ITEMS));
    expect(asked.map((url) => `${url.pathname}${url.search}`).sort()).toEqual([
      '/v1/dashboard',
      '/v1/workspaces?limit=5',
    ]);
  });
});

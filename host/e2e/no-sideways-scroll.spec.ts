import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createAccount, e2e, expect, login, systemUserAccount, test, type Account } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { hostPages, pageRoutes, paths } from '../src/routes/route-table';
import type { GuardSpec } from '../src/routes/route-types';

/**
 * No page of the product scrolls sideways on a phone or a tablet, in either theme: every route,
 * signed in as someone who may open it, at 320, 375 and 768 px.
 */
const WIDTHS = [320, 375, 768] as const;
const THEMES = ['light', 'dark'] as const;

type Persona = 'visitor' | 'client' | 'Admin' | 'SuperAdmin' | 'system';

/** Who opens a page behind this guard: any visitor, a client, or a holder of the first role it names. */
function personaFor(guard: GuardSpec): Persona {
  if (guard.kind === 'system') return 'system';
  if (guard.kind !== 'authenticated') return 'visitor';
  return guard.roles ? (guard.roles[0] as 'Admin' | 'SuperAdmin') : 'client';
}

/** A concrete address for a route pattern: `:otp` a well-formed code, `:userId` a real user's id (`:user`). */
const concrete = (path: string): string => path.replace(':otp', '12345678').replace(':userId', ':user');

/**
 * Every page of the route table (sign-out leaves at once: nothing to measure), who opens it, and
 * the pages a wrong address shows. `:user` is a real user's id.
 */
const ROUTES: Record<Persona, readonly string[]> = { visitor: [], client: [], Admin: [], SuperAdmin: [], system: [] };
for (const route of pageRoutes) {
  if (route.path === paths.logout) continue;
  (ROUTES[personaFor(route.guard)] as string[]).push(concrete(route.path));
}
ROUTES.visitor = [...ROUTES.visitor, ...hostPages, '/no-such-page'];
ROUTES.Admin = [...ROUTES.Admin, '/manage/user/not-an-id'];

async function api(account: Account, path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${e2e.apiUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.accessToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
  return (await response.json()) as { id: string };
}

const accounts = {} as Record<Exclude<Persona, 'visitor'>, Account>;

test.beforeAll(async () => {
  // Long names and real rows: what a wide table or a card meets in use.
  accounts.client = await createAccount({ email: `client-with-a-rather-long-address-${Date.now()}@e2e.kloof.test` });
  const workspace = await api(accounts.client, 'workspaces', { name: 'Harbour Logistics Cold Chain Monitoring' });
  const project = await api(accounts.client, 'projects', {
    workspaceId: workspace.id,
    name: 'Refrigerated truck sensors',
  });
  await api(accounts.client, 'links', {
    workspaceId: workspace.id,
    projectId: project.id,
    title: 'Staging dashboard',
    url: 'https://staging.harbour-logistics.example/dashboards/cold-chain/overview?fleet=all',
  });
  accounts.Admin = await createAccount({ roles: ['Admin'] });
  accounts.SuperAdmin = await createAccount({ roles: ['SuperAdmin'] });
  accounts.system = await systemUserAccount(e2e.systemUsers.layout);
  await createAccount({ verified: false });
});

/** What sticks out to the right of the viewport: the page's own scroll width, and any box beyond the edge. */
async function overflow(page: Page): Promise<{ scroll: number; boxes: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const clipped = (element: Element): boolean => {
      // The page itself (body, html) does not count: content it hides is content cut off.
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const boxes: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Inside a box that scrolls or clips on its own (a table's scroller): that box is measured itself.
      if (clipped(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className}`;
      boxes.push(`${name.slice(0, 80)} right=${Math.round(box.right)}`);
    }
    return { scroll: root.scrollWidth - width, boxes: boxes.slice(0, 5) };
  });
}

async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: scaled(30_000) });
  await expect(page.getByTestId('page-skeleton')).toHaveCount(0, { timeout: scaled(30_000) });
  await page.waitForLoadState('networkidle');
}

/** One browser per persona, signed in with a fresh session; the theme follows the system setting. */
async function open(browser: Browser, persona: Persona): Promise<BrowserContext> {
  const account = persona === 'visitor' ? null : accounts[persona];
  const session = account ? await login(account.email, account.password) : null;
  return browser.newContext({
    colorScheme: THEMES[0],
    viewport: { width: 768, height: 900 },
    storageState: {
      cookies: [],
      origins: session
        ? [
            {
              origin: e2e.baseUrl,
              localStorage: [
                { name: 'accessToken', value: session.accessToken },
                { name: 'refreshToken', value: session.refreshToken },
              ],
            },
          ]
        : [],
    },
  });
}

/** Every width of the open page in one theme: what scrolls sideways, one line per width that does. */
async function sidewaysIn(page: Page, path: string, theme: (typeof THEMES)[number]): Promise<string[]> {
  // The system setting changes under the open page, as when a phone turns dark at night.
  await page.emulateMedia({ colorScheme: theme });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { scroll, boxes } = await overflow(page);
    if (scroll > 0 || boxes.length > 0)
      failures.push(`${path} at ${width} px, ${theme} theme: scrolls ${scroll} px; ${boxes.join(', ')}`);
  }
  return failures;
}

/** One page at every width in both themes. */
async function sidewaysAt(page: Page, path: string): Promise<string[]> {
  await page.emulateMedia({ colorScheme: THEMES[0] });
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto(path);
  await settled(page);
  // Sections render when near the viewport and clip what overflows them: lay everything out.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const failures: string[] = [];
  for (const theme of THEMES) failures.push(...(await sidewaysIn(page, path, theme)));
  return failures;
}

// Each persona is one browser walking its routes: a warm cache and one sign-in.
for (const persona of Object.keys(ROUTES) as Persona[]) {
  test(`every page a ${persona} opens fits ${WIDTHS.join(', ')} px in both themes without sideways scrolling`, async ({
    browser,
  }) => {
    test.setTimeout(scaled(30_000) * ROUTES[persona].length);
    const context = await open(browser, persona);
    const page = await context.newPage();
    const failures: string[] = [];
    for (const route of ROUTES[persona]) {
      failures.push(...(await sidewaysAt(page, route.replace(':user', accounts.client.user.id))));
    }
    expect(failures, 'pages that scroll sideways').toEqual([]);
    await context.close();
  });
}

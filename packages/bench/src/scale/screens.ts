import type { Browser, Page } from '@playwright/test';

/** One load of a list screen: until its first items show, and what the page holds then. */
export interface ScreenLoad {
  /** Milliseconds from the navigation's start to the first frame with items and nothing loading. */
  ms: number;
  /** Elements in the document then. */
  nodes: number;
  /** List items shown then. */
  items: number;
  /** The page's JS heap in use then (MB). */
  heapMb: number;
}

/**
 * A screen is shown when it is at its path, its main landmark has its heading, nothing in it is
 * still loading (skeletons and spinners are role=status; the list's count is one too, and is not
 * loading) and its list has items. Polled every
 * frame in the page itself, timed from the navigation's start (performance.now()).
 */
const SHOWN = (path: string) => `new Promise((resolve, reject) => {
  const check = () => {
    const main = document.querySelector('main');
    const items = main ? main.querySelectorAll('ul > li').length : 0;
    // A list's own count under it ("Showing 50 workspaces. ...") is a status too, not a loading one.
    const loading = main ? [...main.querySelectorAll('[role="status"]')].some((el) => !/^Showing /.test(el.textContent || '')) : true;
    if (location.pathname === ${JSON.stringify(path)} && main && main.querySelector('h1') && !loading && items > 0) {
      resolve({ ms: performance.now(), nodes: document.getElementsByTagName('*').length, items });
    } else if (performance.now() > 120000) reject(new Error('${path} showed no items within 120 s'));
    else requestAnimationFrame(check);
  };
  check();
})`;

async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('main form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 300_000, waitUntil: 'commit' });
}

/**
 * Each screen signed in as the client at 1280 px: one load to warm the caches (the code and the
 * API's), then `runs` warm loads, each a new navigation to the screen.
 */
export async function measureScreens(
  browser: Browser,
  baseUrl: string,
  client: { email: string; password: string },
  screens: readonly string[],
  runs: number,
): Promise<Map<string, ScreenLoad[]>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const loads = new Map<string, ScreenLoad[]>();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await signIn(page, baseUrl, client.email, client.password);
    for (const screen of screens) {
      const series: ScreenLoad[] = [];
      for (let run = 0; run <= runs; run++) {
        await page.goto(`${baseUrl}${screen}`, { waitUntil: 'commit', timeout: 120_000 });
        const shown = (await page.evaluate(SHOWN(screen))) as Omit<ScreenLoad, 'heapMb'>;
        const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        if (run > 0) series.push({ ...shown, heapMb: Math.round(heap.usedSize / 2 ** 20) });
      }
      loads.set(screen, series);
    }
  } finally {
    await context.close();
  }
  return loads;
}

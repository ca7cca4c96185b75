/**
 * How long a list screen takes to show its first row on a warm load, and how many DOM nodes it
 * then has, with a client who owns many items (e2e/support/many-items-site.ts seeds them).
 * Needs a production build (`pnpm build`). Prints each run, then the median and the spread.
 *
 *   node --import tsx remotes/client-area/scripts/measure-first-page.ts --items 10000 --runs 5 --path /workspaces
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { signIn } from '@kloof/test-kit/e2e';
import { chromiumArgs, chromiumPath } from '@kloof/test-kit/e2e/chromium';
import { startManyItemsSite } from '../e2e/support/many-items-site';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    path: { type: 'string', default: '/workspaces' },
  },
});
const items = Number(values.items);
const runs = Number(values.runs);
const listLabel = { '/workspaces': 'Workspaces', '/projects': 'Projects', '/links': 'Links' }[values.path];
if (!listLabel || !(items > 0) || !(runs > 0)) {
  throw new Error('Usage: --items <n> --runs <n> --path /workspaces|/projects|/links');
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const summary = (name: string, xs: number[], unit: string): string =>
  `${name}: median ${median(xs).toFixed(0)} ${unit}, spread ${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)} ${unit}`;

console.log(`seeding ${items} workspaces, projects and links...`);
const site = await startManyItemsSite(items);
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
try {
  const page = await (await browser.newContext({ baseURL: site.baseUrl })).newPage();
  // The first visit fills the caches (and the service worker): every measured load is warm.
  await signIn(page, site.account, values.path);
  const firstRow = `main ul[aria-label="${listLabel}"] > li`;
  await page.waitForSelector(firstRow, { timeout: 120_000 }).catch(async (error: unknown) => {
    throw new Error(`No row on ${page.url()}; the page says: ${await page.locator('body').innerText()}`, {
      cause: error,
    });
  });
  const times: number[] = [];
  const nodes: number[] = [];
  for (let run = 1; run <= runs; run++) {
    await page.goto(values.path, { waitUntil: 'commit' });
    // Read in the page as the row appears: milliseconds since this navigation started.
    const shownAt = await page.waitForFunction(
      (selector) => document.querySelector(selector) && performance.now(),
      firstRow,
      {
        polling: 'raf',
        timeout: 120_000,
      },
    );
    times.push((await shownAt.jsonValue()) as number);
    await page.waitForLoadState('networkidle');
    nodes.push(await page.evaluate(() => document.getElementsByTagName('*').length));
    console.log(`run ${run}: first row at ${times.at(-1)!.toFixed(0)} ms, ${nodes.at(-1)} DOM nodes`);
  }
  console.log(`${values.path} with ${items} items, ${runs} warm loads`);
  console.log(summary('first row visible', times, 'ms'));
  console.log(summary('DOM nodes', nodes, ''));
} finally {
  await browser.close();
  await site.stop();
}

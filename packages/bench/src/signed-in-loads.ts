import type { Browser, BrowserContext, Page } from '@playwright/test';
import { login } from '@kloof/test-kit/e2e/api';
import { scaled } from '@kloof/test-kit/slowdown';
import type { Credentials } from './journeys';
import { DONE_AT, doneWatcherScript } from './page-done';
import { phoneViewport, throttlePage, throttleServiceWorkers } from './phone-profile';
import type { TimedRequest } from './waterfall';

/** One page load: when it was done and every request from the navigation to then (ms since the navigation). */
export interface LoadTiming {
  doneMs: number;
  documentUrl: string;
  requests: TimedRequest[];
  /** Service workers whose network was throttled too (warm loads; 0 before one is installed). */
  throttledWorkers: number;
}

/** A returning client's cold load (empty HTTP cache, no service worker) and then its warm one. */
export interface ColdAndWarm {
  cold: LoadTiming;
  warm: LoadTiming;
}

export type { Credentials };

/** Every request that started before the page was done: the document (navigation entry) and its resources. */
const requestsUntilDone = `(() => {
  const doneMs = window[${JSON.stringify(DONE_AT)}];
  const navigation = performance.getEntriesByType('navigation')[0];
  const timed = (entry) => ({ url: entry.name, startMs: entry.startTime, endMs: Math.max(entry.startTime, entry.responseEnd) });
  const resources = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= doneMs);
  return { doneMs, documentUrl: navigation.name, requests: [timed(navigation), ...resources.map(timed)] };
})()`;

/** Opens `url` throttled to the phone and waits until the page is done; returns its timing. */
async function timedLoad(page: Page, url: string, throttledWorkers: number): Promise<LoadTiming> {
  await throttlePage(await page.context().newCDPSession(page));
  await page.goto(url, { waitUntil: 'commit' });
  // Looked at every 100 ms: the done moment itself is kept by the page on the frame it happened.
  await page.waitForFunction((key) => key in window, DONE_AT, { timeout: scaled(60_000), polling: 100 });
  // Requests that started before the page was done are listed once they ended.
  await page.waitForLoadState('networkidle', { timeout: scaled(60_000) });
  const timing = (await page.evaluate(requestsUntilDone)) as Omit<LoadTiming, 'throttledWorkers'>;
  return { ...timing, throttledWorkers };
}

/** Tokens of a fresh session in localStorage before the page's scripts run, as a returning client has them. */
export async function signedIn(context: BrowserContext, account: Credentials): Promise<void> {
  const { accessToken, refreshToken } = await login(account.email, account.password);
  await context.addInitScript(
    ({ accessToken, refreshToken }) => {
      // A token the app refreshed since stays: only an empty storage gets the session.
      if (!localStorage.getItem('refreshToken')) {
        localStorage.setItem('accessToken', accessToken);
        localStorage.setItem('refreshToken', refreshToken);
      }
    },
    { accessToken, refreshToken },
  );
}

/**
 * A returning client opens `path` on the throttled phone: cold in a new profile (empty HTTP cache,
 * no service worker), then, once the service worker controls that page and the network is quiet,
 * warm in a new page of the same profile (files cached, the worker installed).
 */
export async function coldAndWarmLoad(
  browser: Browser,
  baseUrl: string,
  path: string,
  account: Credentials,
): Promise<ColdAndWarm> {
  const context = await browser.newContext({ viewport: phoneViewport });
  try {
    await signedIn(context, account);
    await context.addInitScript({ content: doneWatcherScript(path) });
    const first = await context.newPage();
    const cold = await timedLoad(first, `${baseUrl}${path}`, 0);
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: scaled(60_000),
      polling: 100,
    });
    // The worker caches what the page loaded before it took control; then the page is closed.
    await first.waitForLoadState('networkidle');
    await first.close();
    const second = await context.newPage();
    const workers = await throttleServiceWorkers(browser, baseUrl);
    const warm = await timedLoad(second, `${baseUrl}${path}`, workers);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

import type { Browser, BrowserContext, Page } from '@playwright/test';
import { median } from './figures';
import { pageDoneSource } from './page-done';

/** Lighthouse mobile's CPU slowdown (its simulated throttling runs the page's work 4x slower). */
export const CPU_SLOWDOWN = 4;

/** How long a person's pointer rests on a link before the click (what intent preloading gets). */
export const HOVER_BEFORE_CLICK_MS = 150;

/** The steps of a signed-in journey: sign-in to a usable dashboard, then two remote switches. */
export const journeySteps = ['signIn', 'toProjects', 'toManage'] as const;
export type JourneyStep = (typeof journeySteps)[number];

/** Milliseconds from the click to the first frame that shows the next page's content. */
export type JourneyTimes = Record<JourneyStep, number>;

/** Cold: a fresh browser profile (empty caches). Warm: the same profile, a new page load. */
export interface JourneySeries {
  cold: JourneyTimes[];
  warm: JourneyTimes[];
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * A page "shows content" when it is done (page-done.ts): at its path, its main landmark has its
 * heading and nothing in it is still loading: what a person can use.
 */
async function clickAndTimeContent(page: Page, click: string, path: string): Promise<number> {
  // Source text, not a function: the bench runs under tsx, whose helpers do not exist in the page.
  return page.evaluate(`new Promise((resolve, reject) => {
    const target = document.querySelector(${JSON.stringify(click)});
    if (!target) return reject(new Error('nothing to click at ${click} on ' + location.pathname));
    const start = performance.now();
    const done = ${pageDoneSource};
    const check = () => {
      const ready = done(${JSON.stringify(path)});
      if (ready) resolve(performance.now() - start);
      else if (performance.now() - start > 60000) reject(new Error('${path} showed no content within 60 s'));
      else requestAnimationFrame(check);
    };
    target.click();
    requestAnimationFrame(check);
  })`);
}

/** A person's way to a link: the pointer rests on it, then clicks (timed from the click). */
async function hoverAndClick(page: Page, selector: string, path: string): Promise<number> {
  await page.hover(selector);
  await page.waitForTimeout(HOVER_BEFORE_CLICK_MS);
  return clickAndTimeContent(page, selector, path);
}

const appStarted = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );

/** One journey in a browser profile: open sign-in, sign in, Projects, Manage, then sign out. */
async function journey(context: BrowserContext, baseUrl: string, admin: Credentials): Promise<JourneyTimes> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${baseUrl}/auth/login`);
    await appStarted(page);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('E-mail address').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    const signIn = await clickAndTimeContent(page, 'main form button[type="submit"]', '/dashboard');
    // The shell settles (its idle work, the next remotes' prefetch) as it would while a person reads.
    await page.waitForLoadState('networkidle');
    const toProjects = await hoverAndClick(page, 'nav a[href="/projects"]', '/projects');
    await page.waitForLoadState('networkidle');
    const toManage = await hoverAndClick(page, 'nav a[href="/manage"]', '/manage');
    // Signed out for the next journey; the profile keeps its caches.
    await page.evaluate(() => localStorage.clear());
    return { signIn, toProjects, toManage };
  } finally {
    await page.close();
  }
}

/** `runs` cold and warm journeys against one build, one after the other. */
export async function journeySeries(
  browser: Browser,
  baseUrl: string,
  admin: Credentials,
  runs: number,
): Promise<JourneySeries> {
  const series: JourneySeries = { cold: [], warm: [] };
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      series.cold.push(await journey(context, baseUrl, admin));
      series.warm.push(await journey(context, baseUrl, admin));
    } finally {
      await context.close();
    }
  }
  return series;
}

/** Median and lowest-highest of one step over runs. */
export function stepFigures(times: JourneyTimes[], step: JourneyStep): { median: number; low: number; high: number } {
  const values = times.map((t) => t[step]);
  return { median: median(values), low: Math.min(...values), high: Math.max(...values) };
}

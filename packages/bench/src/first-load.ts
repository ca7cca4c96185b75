import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';

export interface FirstLoad {
  /** gzip -9 bytes of every JavaScript response. */
  jsBytes: number;
  cssBytes: number;
  requests: number;
}

/**
 * Adds up what a page downloads from now on. Bytes are gzip -9 of the bodies, so they are
 * deterministic (whatever the server's compression). `done` resolves once the bodies are read.
 */
export function countDownloads(page: Page): { done(): Promise<FirstLoad> } {
  const pending: Promise<void>[] = [];
  const load: FirstLoad = { jsBytes: 0, cssBytes: 0, requests: 0 };
  page.on('response', (response) => {
    load.requests += 1;
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => {
          const bytes = gzipSync(body, { level: 9 }).length;
          if (type === 'script') load.jsBytes += bytes;
          else load.cssBytes += bytes;
        },
        () => undefined,
      ),
    );
  });
  return {
    async done() {
      await Promise.all(pending);
      return { ...load };
    },
  };
}

/**
 * Opens a route in a fresh context (empty cache, no service worker) and adds up what it
 * downloaded until its main heading shows and the network is idle.
 */
export async function measureFirstLoad(
  browser: Browser,
  url: string,
  tokens?: { accessToken: string; refreshToken: string },
): Promise<FirstLoad> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (tokens) {
    await context.addInitScript(({ accessToken, refreshToken }) => {
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('refreshToken', refreshToken);
    }, tokens);
  }
  const page = await context.newPage();
  const downloads = countDownloads(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const load = await downloads.done();
  await context.close();
  return load;
}

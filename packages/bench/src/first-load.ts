import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface FirstLoad {
  /** gzip -9 bytes of every JavaScript response of the first load. */
  jsBytes: number;
  cssBytes: number;
  requests: number;
}

/**
 * Opens a route in a fresh context (empty cache, no service worker) and adds up what it
 * downloaded until the network is idle. Bytes are gzip -9 of the bodies: deterministic.
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
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return load;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { login } from '@kloof/test-kit/e2e/api';
import { chromiumArgs, chromiumPath } from '@kloof/test-kit/e2e/chromium';
import type { Credentials } from './signed-in-loads';

/**
 * Runs `audit` against a browser holding a fresh session of `account` in localStorage for `origin`,
 * given the browser's DevTools port (Lighthouse's `--port`). The browser's HTTP cache is emptied
 * after the tokens are stored and no service worker was registered, so with Lighthouse's
 * `--disable-storage-reset` (which would clear the tokens too) the load is still a cold one.
 */
export async function withSession<T>(
  origin: string,
  account: Credentials,
  audit: (port: number) => Promise<T>,
): Promise<T> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-session-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--remote-debugging-port=0'],
    serviceWorkers: 'block',
  });
  try {
    const { accessToken, refreshToken } = await login(account.email, account.password);
    const page = context.pages()[0] ?? (await context.newPage());
    // A file of the origin, not a page: nothing of the app runs and no worker registers.
    await page.goto(`${origin}/config.json`);
    await page.evaluate(
      ({ accessToken, refreshToken }) => {
        localStorage.setItem('accessToken', accessToken);
        localStorage.setItem('refreshToken', refreshToken);
      },
      { accessToken, refreshToken },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.goto('about:blank');
    const port = Number(fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
    return await audit(port);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** SHA-384 (base64) of what the service worker's caches hold for a URL; null when none holds it. */
export async function cachedHash(page: Page, url: string): Promise<string | null> {
  const base64 = await page.evaluate(async (href) => {
    const cached = await caches.match(href, { ignoreVary: true });
    if (!cached) return null;
    const digest = await crypto.subtle.digest('SHA-384', await cached.arrayBuffer());
    return btoa(String.fromCharCode(...new Uint8Array(digest)));
  }, url);
  return base64;
}

/** SHA-384 (base64) of a stored file, to compare with cachedHash. */
export const sha384 = async (file: string) =>
  createHash('sha384')
    .update(await fs.readFile(file))
    .digest('base64');

/** Until the page's service worker controls it (installed on the first visit, it claims the page). */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Changes the last byte of every stored copy of a URL in the worker's caches (as a bad copy an older worker stored would be). */
export async function changeStoredCopy(page: Page, url: string): Promise<void> {
  await page.evaluate(async (href) => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const copy = await cache.match(href, { ignoreVary: true });
      if (!copy) continue;
      const text = await copy.text();
      await cache.put(href, new Response(`${text.slice(0, -1)} `, { headers: copy.headers }));
    }
  }, url);
}

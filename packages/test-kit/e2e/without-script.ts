import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The document a browser without JavaScript shows: the server's HTML with its scripts gone and
 * every <noscript> opened up as a plain element (what a script-less parser makes of it).
 */
export function asWithoutScript(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<template\b[^>]*>[\s\S]*?<\/template>/gi, '')
    .replace(/<noscript\b/gi, '<div data-noscript')
    .replace(/<\/noscript>/gi, '</div>');
}

/**
 * axe's findings on a page as a browser without JavaScript shows it, in a light or dark system
 * theme. axe is itself a script, so it runs in a scripted page that is served the script-less
 * document at the same address (same styles, same origin).
 */
export async function violationsWithoutScript(
  browser: Browser,
  url: string,
  colorScheme: 'light' | 'dark',
): Promise<string[]> {
  const html = asWithoutScript(await (await fetch(url)).text());
  // Explicitly scripted: Playwright Test gives a new context the test's own options (script off).
  const context = await browser.newContext({ colorScheme, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    await page.goto(url);
    const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    await context.close();
  }
}

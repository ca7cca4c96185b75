import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's findings on the page as it is now, one line per rule with the elements it flagged. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(tags).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export const themes = ['light', 'dark'] as const;

/** Checks the open page in each theme, switching the system setting under it (nothing stored). */
export async function violationsInEachTheme(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  // Settled colours only: reduced motion transitions every property for 0.01 ms, and a section
  // off screen (content-visibility: auto) restyles when axe scrolls to it, a frame behind.
  await page.addStyleTag({ content: '* { transition: none !important; content-visibility: visible !important; }' });
  for (const colorScheme of themes) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    const onPage = await violations(page);
    if (onPage.length > 0) found[colorScheme] = onPage;
  }
  return found;
}

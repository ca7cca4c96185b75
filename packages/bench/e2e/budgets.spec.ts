import { expect, test, e2e } from '@kloof/test-kit/e2e/fixtures';
import { budgets } from '../src/budgets';
import { measureFirstLoad } from '../src/first-load';
import { measureRemotePage, remotePageIds } from '../src/remote-page';

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

// Bytes are deterministic (gzip -9 of what the production build serves), so budgets are tests.
test.describe('performance budgets of the production build', () => {
  test(`the first load of / stays within ${kb(budgets.homeFirstLoadBytes)} of gzip JavaScript`, async ({ browser }) => {
    const load = await measureFirstLoad(browser, `${e2e.baseUrl}/`);
    expect(load.jsBytes, `/ loads ${kb(load.jsBytes)}`).toBeLessThanOrEqual(budgets.homeFirstLoadBytes);
    // Sanity: the measurement saw the page's code (React DOM alone is ~64 KB).
    expect(load.jsBytes).toBeGreaterThan(64 * 1024);
  });

  test(`every remote page costs at most ${kb(budgets.remotePageBytes)} beyond what the host loaded`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const ids = await remotePageIds(e2e.baseUrl);
    expect(ids).toEqual(
      expect.arrayContaining(['marketing/Home', 'auth/Login', 'clientArea/Dashboard', 'admin/SystemHome']),
    );
    const over: string[] = [];
    for (const id of ids) {
      const { jsBytes } = await measureRemotePage(browser, e2e.baseUrl, id);
      // Every page brings at least its remote's entry and its own chunk.
      expect(jsBytes, `${id} downloaded nothing`).toBeGreaterThan(1024);
      if (jsBytes > budgets.remotePageBytes) over.push(`${id}: ${kb(jsBytes)}`);
    }
    expect(over).toEqual([]);
  });
});

import { expect, test, e2e } from '@kloof/test-kit/e2e/fixtures';
import { scaled } from '@kloof/test-kit/slowdown';
import { budgets } from '../src/budgets';
import type { AddressInfo } from 'node:net';
import { measureFirstLoad } from '../src/first-load';
import { buildMonolith, monolithDist } from '../src/monolith';
import { measureRemotePage, remotePageIds } from '../src/remote-page';
import { startMonolith } from '../src/servers';

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
    test.setTimeout(scaled(180_000));
    const ids = await remotePageIds(e2e.baseUrl);
    expect(ids).toEqual(
      expect.arrayContaining(['marketing/Home', 'auth/Login', 'clientArea/Dashboard', 'admin/SystemHome']),
    );
    const over: string[] = [];
    // Bytes do not depend on timing: a few fresh browsers at once.
    const queue = [...ids];
    const measureNext = async (): Promise<void> => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const { jsBytes } = await measureRemotePage(browser, e2e.baseUrl, id);
        // Every page brings at least its remote's entry and its own chunk.
        expect(jsBytes, `${id} downloaded nothing`).toBeGreaterThan(1024);
        if (jsBytes > budgets.remotePageBytes) over.push(`${id}: ${kb(jsBytes)}`);
      }
    };
    await Promise.all([measureNext(), measureNext(), measureNext()]);
    expect(over).toEqual([]);
  });

  test(`federation costs at most ${budgets.federationOverheadCeiling}x the JavaScript of a monolith on /`, async ({
    browser,
  }) => {
    test.setTimeout(scaled(180_000));
    // Built now from the same sources, so it never measures against a stale yardstick.
    buildMonolith();
    const monolith = await startMonolith(monolithDist, 0, e2e.apiPort);
    try {
      const { port } = monolith.server.address() as AddressInfo;
      const federated = await measureFirstLoad(browser, `${e2e.baseUrl}/`);
      const single = await measureFirstLoad(browser, `http://localhost:${port}/`);
      // Sanity: the monolith rendered the same page with the same libraries (React DOM alone is ~64 KB).
      expect(single.jsBytes).toBeGreaterThan(64 * 1024);
      const overhead = federated.jsBytes / single.jsBytes;
      expect(
        overhead,
        `federated ${kb(federated.jsBytes)} / monolith ${kb(single.jsBytes)} = ${overhead.toFixed(2)}x`,
      ).toBeLessThanOrEqual(budgets.federationOverheadCeiling);
    } finally {
      await monolith.close();
    }
  });
});

import type { Browser } from '@playwright/test';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import {
  countedPageLoads,
  countedTelemetry,
  kloof,
  watchOnce,
  liveVersion,
  releaseCanary,
  releasedSiteForBeacons,
  startReleaseTool,
} from './release-fixtures';
import { patchedExpose } from './patched-build';
import { seedsOnEachSide, visitors } from './browser-visits';

const site = releasedSiteForBeacons('watch-e2e');

/** A marketing build whose Pricing page throws when it renders (its module's default export swapped). */
const pricingThrowsOnRender = () =>
  patchedExpose('marketing', 'remotes/marketing', 'Pricing', 'throws', (code) =>
    code.replace(
      /default:\(\)=>[A-Za-z_$][\w$]*/,
      'default:()=>function BrokenPricing(){throw new Error("canary build: Pricing throws on render")}',
    ),
  );

const visitPage = visitors(() => site.server.url);
const visit = (browser: Browser, seed: string) => visitPage(browser, seed, '/pricing', /pricing/i);

test('a canary that throws on render is held as suspect by release:watch, and rolled back within its window when the operator trusts browsers, the reason in the history', async ({
  browser,
}) => {
  test.setTimeout(scaled(240_000));
  const stable = await liveVersion(site.dir, 'marketing');
  const canary = await releaseCanary(site.dir, 'marketing', await pricingThrowsOnRender(), 50);

  // Three fresh browsers on each side: the canary's all fail, stable's all render.
  const seeds = await seedsOnEachSide(site.server.url, 'marketing', 3);
  for (let i = 0; i < 3; i += 1) {
    const [onCanary, onStable] = await Promise.all([
      visit(browser, seeds.canary[i]!),
      visit(browser, seeds.stable[i]!),
    ]);
    expect([onCanary, onStable]).toEqual(['failed', 'rendered']);
  }
  for (const version of [canary, stable]) {
    await expect
      .poll(() => countedPageLoads('marketing', version), { timeout: scaled(20_000) })
      .toBeGreaterThanOrEqual(3);
  }
  expect((await countedTelemetry('marketing', canary))!.renderErrors).toBeGreaterThanOrEqual(3);

  // release:status shows both with their error rates, read from the API.
  const status = await kloof(site.dir, 'status');
  console.log(`release:status with the canary running:\n${status}`);
  expect(status).toMatch(
    new RegExp(`stable ${stable} by e2e at \\S+, errors 0\\.00% \\(0 errors in \\d+ page loads\\)`),
  );
  expect(status).toMatch(
    new RegExp(
      `canary ${canary} for 50% of browsers by e2e at \\S+, errors \\d+\\.\\d\\d% \\(\\d+ errors? in \\d+ page loads\\)`,
    ),
  );

  // Three failing page loads against three good ones are sure only at one standard error.
  const flags = ['--min-sample', '3', '--window', '10', '--margin', '10', '--z', '1'];
  // Render errors are the browser's word alone (a botnet with real tokens can send them for any
  // canary): by default the watcher holds the canary as suspect for an operator, never rolls it back.
  const held = await watchOnce(site.dir, 'marketing', ...flags);
  console.log(`release:watch without --trust-browser-errors: ${held.trim()}`);
  expect(held).toContain(`marketing: canary ${canary} held as suspect: canary error rate`);
  expect((await readRegistryFile(releasesLayout(site.dir))).apps.marketing!.canary?.version).toBe(canary);
  expect(await kloof(site.dir, 'status')).toMatch(
    /SUSPECT since \S+: held as suspect by release:watch: .*an operator should look/,
  );

  // The operator trusts browsers' render errors: the watcher, as ops leave it running, rolls the
  // canary back at its first reading.
  const watcher = startReleaseTool(
    site.dir,
    'watch',
    'marketing',
    ...flags,
    '--trust-browser-errors',
    '--interval',
    '1',
  );
  try {
    await expect
      .poll(async () => (await readRegistryFile(releasesLayout(site.dir))).apps.marketing!.canary, {
        timeout: scaled(60_000),
      })
      .toBeNull();
  } finally {
    watcher.stop();
    console.log(`release:watch said:\n${watcher.output()}`);
  }
  await expect.poll(() => watcher.output()).toContain(`marketing: canary ${canary} rolled back: canary error rate`);

  const history = await kloof(site.dir, 'history', 'marketing');
  expect(history).toMatch(
    new RegExp(
      `abort marketing ${canary} -> ${stable} by e2e reason: automatic rollback by release:watch: canary error rate \\d+\\.\\d\\d% .* vs stable 0\\.00% .* points worse \\(at least \\S+ at z 1\\), margin 10`,
    ),
  );
  // A browser the canary had is on the stable version again.
  expect(await visit(browser, seeds.canary[0]!)).toBe('rendered');
});

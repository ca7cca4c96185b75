import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import {
  countedTelemetry,
  kloof,
  liveVersion,
  releaseCanary,
  releasedSiteForBeacons,
  watchOnce,
} from './release-fixtures';
import { seedsOnEachSide, visitors } from './browser-visits';
import { busyLoop, patchedExpose } from './patched-build';

// The web server believes X-Forwarded-For from this machine, so each test browser is its own network
// (the API counts at most a few browsers per IPv4 /24).
const site = releasedSiteForBeacons('performance-gate-e2e', {}, { TRUST_PROXY: '127.0.0.1' });
const visit = visitors(() => site.server.url);
const VISITS = 5;

test('a canary whose sign-in page blocks the main thread for 500 ms is held by release:watch, and rolled back when the operator trusts browsers', async ({
  browser,
}) => {
  test.setTimeout(scaled(300_000));
  const stable = await liveVersion(site.dir, 'auth');
  // The canary: the Login page's module runs a 500 ms busy loop before it renders anything.
  const slowBuild = await patchedExpose('auth', 'remotes/auth', 'Login', 'busy-500ms', (code) => busyLoop(500) + code);
  const canary = await releaseCanary(site.dir, 'auth', slowBuild, 50);

  const seeds = await seedsOnEachSide(site.server.url, 'auth', VISITS);
  for (let i = 0; i < VISITS; i += 1) {
    // One side after the other: two pages at once would slow each other down.
    expect(await visit(browser, seeds.canary[i]!, '/auth/login', /sign in/i, `10.5.${i}.1`)).toBe('rendered');
    expect(await visit(browser, seeds.stable[i]!, '/auth/login', /sign in/i, `10.6.${i}.1`)).toBe('rendered');
  }
  for (const version of [canary, stable]) {
    await expect
      .poll(async () => (await countedTelemetry('auth', version))?.vitals.lcp.samples ?? 0, { timeout: scaled(30_000) })
      .toBe(VISITS);
  }
  const [slow, fast] = [await countedTelemetry('auth', canary), await countedTelemetry('auth', stable)];
  console.log(
    `LCP p75: canary ${slow?.vitals.lcp.p75} ms, stable ${fast?.vitals.lcp.p75} ms (${VISITS} page loads each)`,
  );

  const flags = ['--min-sample', String(VISITS), '--vitals-min-sample', String(VISITS), '--lcp-margin', '250'];
  // Vitals are the browser's word alone: by default the watcher holds the canary for an operator.
  const held = await watchOnce(site.dir, 'auth', ...flags);
  console.log(`release:watch without --trust-browser-vitals: ${held.trim()}`);
  expect(held).toMatch(new RegExp(`auth: canary ${canary} held as suspect: slower than stable: LCP p75 \\d+ ms`));
  expect((await readRegistryFile(releasesLayout(site.dir))).apps.auth!.canary?.version).toBe(canary);

  const said = await watchOnce(site.dir, 'auth', ...flags, '--trust-browser-vitals');
  console.log(`release:watch said: ${said.trim()}`);
  expect(said).toMatch(
    new RegExp(`auth: canary ${canary} rolled back: slower than stable: LCP p75 \\d+ ms vs stable \\d+ ms`),
  );
  const history = await kloof(site.dir, 'history', 'auth');
  expect(history).toContain(`abort auth ${canary} -> ${stable}`);
});

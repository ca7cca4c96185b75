import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { chooseRelease, newSeed, SEED_COOKIE, type RegistryDocument } from '@kloof/release-registry';
import {
  countedTelemetry,
  kloof,
  liveVersion,
  releaseCanary,
  releasedSitePerFile,
  releaseToolArgs,
  releaseToolOptions,
  snapshotBuild,
} from './release-fixtures';

// Beacons go straight to the API (no service worker in between); offline support is tested elsewhere.
test.use({ serviceWorkers: 'block' });

const site = releasedSitePerFile('watch-e2e');

const sri = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * A marketing build whose Pricing page throws when it renders: its exposed module's default
 * export is swapped for a component that throws, and the entry (which loads each chunk with its
 * SHA-384) and the manifest pin the changed chunk's new hash, so the release is well formed and
 * loads; only rendering fails.
 */
async function pricingThrowsOnRender(): Promise<string> {
  const target = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-build-marketing-throws-'));
  await fs.cp(await snapshotBuild('marketing', 'remotes/marketing'), target, { recursive: true });
  const manifestFile = path.join(target, 'mf-manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as {
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
    integrity: Record<string, string>;
  };
  const chunk = manifest.exposes
    .find((e) => e.name === 'Pricing')!
    .assets.js.sync.find((file) => file.includes('__federation_expose_Pricing'))!;
  const file = path.join(target, chunk);
  const code = await fs.readFile(file, 'utf8');
  const broken = code.replace(
    /default:\(\)=>[A-Za-z_$][\w$]*/,
    'default:()=>function BrokenPricing(){throw new Error("canary build: Pricing throws on render")}',
  );
  expect(broken, 'the Pricing chunk exports its page as default').not.toBe(code);
  await fs.writeFile(file, broken);
  if (await fs.stat(`${file}.br`).catch(() => null)) await fs.writeFile(`${file}.br`, brotliCompressSync(broken));
  const entryFile = path.join(target, 'remoteEntry.js');
  const entry = await fs.readFile(entryFile, 'utf8');
  expect(entry, 'the entry pins the Pricing chunk').toContain(sri(code));
  const pinnedEntry = entry.replace(sri(code), sri(broken));
  await fs.writeFile(entryFile, pinnedEntry);
  await fs.rm(`${entryFile}.br`, { force: true });
  manifest.integrity[chunk] = sri(broken);
  manifest.integrity['remoteEntry.js'] = sri(pinnedEntry);
  await fs.writeFile(manifestFile, JSON.stringify(manifest));
  await fs.rm(`${manifestFile}.br`, { force: true });
  return target;
}

/** Seeds that send a browser to the canary (or not) under this registry. */
function seedsFor(registry: RegistryDocument, canary: boolean, count: number): string[] {
  const seeds: string[] = [];
  while (seeds.length < count) {
    const seed = newSeed();
    if (chooseRelease(registry, 'marketing', seed)?.canary === canary) seeds.push(seed);
  }
  return seeds;
}

/**
 * The browsers of the visits, closed only once their telemetry is counted: closing a browser
 * context right after its page left can cancel the beacon still on its way (a page load went
 * uncounted under load).
 */
const visitors: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(visitors.splice(0).map((context) => context.close()));
});

/** One full load of /pricing in a fresh browser with this seed; its telemetry is sent as it leaves. */
async function visit(browser: Browser, seed: string): Promise<'rendered' | 'failed'> {
  const context = await browser.newContext();
  visitors.push(context);
  await context.addCookies([{ name: SEED_COOKIE, value: seed, url: site.server.url }]);
  const page = await context.newPage();
  await page.goto(`${site.server.url}/pricing`);
  const main = page.getByRole('main');
  const rendered = main.getByRole('heading', { level: 1, name: /pricing/i });
  const failed = page.getByRole('heading', { name: 'This page could not be loaded' });
  await expect(rendered.or(failed)).toBeVisible({ timeout: scaled(30_000) });
  const outcome = (await failed.isVisible()) ? 'failed' : 'rendered';
  // A prerendered page shows its heading before any script ran: leave only once React has it
  // (the remote page loaded, and with it the page load its telemetry counts).
  await expect
    .poll(() =>
      (outcome === 'failed' ? failed : rendered).evaluate((heading) =>
        Object.keys(heading).some((key) => key.startsWith('__reactProps')),
      ),
    )
    .toBe(true);
  await page.goto('about:blank'); // pagehide: the batch leaves by sendBeacon now
  return outcome;
}

test('a canary that throws on render is rolled back by release:watch within its window, the reason in the history', async ({
  browser,
}) => {
  test.setTimeout(scaled(240_000));
  const stable = await liveVersion(site.dir, 'marketing');
  const canary = await releaseCanary(site.dir, 'marketing', await pricingThrowsOnRender(), 50);
  const registry = (await (await fetch(`${site.server.url}/registry.json`)).json()) as RegistryDocument;

  // Three fresh browsers on each side: the canary's all fail, stable's all render.
  const canarySeeds = seedsFor(registry, true, 3);
  const stableSeeds = seedsFor(registry, false, 3);
  for (let i = 0; i < 3; i += 1) {
    const [onCanary, onStable] = await Promise.all([visit(browser, canarySeeds[i]!), visit(browser, stableSeeds[i]!)]);
    expect([onCanary, onStable]).toEqual(['failed', 'rendered']);
  }
  await expect
    .poll(async () => (await countedTelemetry('marketing', canary))?.pageLoads ?? 0, { timeout: scaled(20_000) })
    .toBeGreaterThanOrEqual(3);
  await expect
    .poll(async () => (await countedTelemetry('marketing', stable))?.pageLoads ?? 0, { timeout: scaled(20_000) })
    .toBeGreaterThanOrEqual(3);
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

  // The watcher, as ops leave it running: it rolls the canary back at its first reading.
  const watcher = spawn(
    process.execPath,
    releaseToolArgs(
      site.dir,
      'watch',
      'marketing',
      '--min-sample',
      '3',
      '--window',
      '10',
      '--margin',
      '10',
      '--interval',
      '1',
    ),
    { ...releaseToolOptions, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  watcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  watcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect
      .poll(
        async () =>
          (JSON.parse(await fs.readFile(path.join(site.dir, 'registry.json'), 'utf8')) as RegistryDocument).apps
            .marketing!.canary,
        { timeout: scaled(60_000) },
      )
      .toBeNull();
  } finally {
    watcher.kill('SIGTERM');
    console.log(`release:watch said:\n${output}`);
  }
  await expect.poll(() => output).toContain(`marketing: canary ${canary} rolled back: canary error rate`);

  const history = await kloof(site.dir, 'history', 'marketing');
  expect(history).toMatch(
    new RegExp(
      `abort marketing ${canary} -> ${stable} by e2e reason: automatic rollback by release:watch: canary error rate \\d+\\.\\d\\d% .* vs stable 0\\.00% .* points worse, margin 10`,
    ),
  );
  // A browser the canary had is on the stable version again.
  expect(await visit(browser, canarySeeds[0]!)).toBe('rendered');
});

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { kloof, liveVersion, markedBuild, releasedSiteForBeacons } from './release-fixtures';
import { changeOneByte, pageChunkOf } from './tampering';
import { telemetryOf } from './sent-telemetry';

test.describe.configure({ mode: 'serial' });

const site = releasedSiteForBeacons('last-known-good-e2e');

let good = '';
let live = '';

test.beforeAll(async () => {
  test.setTimeout(scaled(120_000));
  good = await liveVersion(site.dir, 'marketing');
  // A second release: the first becomes the last known good version registry.json pins.
  await kloof(site.dir, 'release', 'marketing', '--from', await markedBuild('marketing', 'remotes/marketing', 'b'));
  live = await liveVersion(site.dir, 'marketing');
  const registry = await readRegistryFile(releasesLayout(site.dir));
  expect(registry.apps.marketing?.fallback).toMatchObject({
    version: good,
    integrity: { manifest: expect.stringMatching(/^sha384-/), remoteEntry: expect.stringMatching(/^sha384-/) },
  });
});

async function expectPricing(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);
}

test('a tampered chunk of the live version: a first-time visitor gets the page from the last known good version', async ({
  page,
}) => {
  const folder = path.join(site.dir, 'marketing', live);
  const fix = await changeOneByte(path.join(folder, await pageChunkOf(folder, './Pricing')));
  const events = await telemetryOf(page);

  await page.goto(`${site.server.url}/pricing`);
  await expectPricing(page);
  // The live version's entry ran (it marks the page); the page itself came from the good version.
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', 'b');
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await expect
    .poll(() => events.filter((e) => e.kind === 'fallback-loaded'), { timeout: scaled(15_000) })
    .toContainEqual(expect.objectContaining({ app: 'marketing', version: live }));
  expect(events).toContainEqual(expect.objectContaining({ kind: 'load-failed', app: 'marketing', version: live }));

  // Other pages of the app come from the good version too, without a second failure.
  const failuresBefore = events.filter((e) => e.kind === 'load-failed').length;
  await page.getByRole('link', { name: 'Services' }).first().click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  expect(events.filter((e) => e.kind === 'load-failed')).toHaveLength(failuresBefore);
  await fix();
});

test("the live version's folder gone: the page loads from the last known good version", async ({ page }) => {
  const folder = path.join(site.dir, 'marketing', live);
  const aside = `${folder}.aside`;
  await fs.rename(folder, aside);
  const events = await telemetryOf(page);
  try {
    await page.goto(`${site.server.url}/pricing`);
    await expectPricing(page);
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect
      .poll(() => events.filter((e) => e.kind === 'fallback-loaded'), { timeout: scaled(15_000) })
      .toContainEqual(expect.objectContaining({ app: 'marketing', version: live }));
  } finally {
    await fs.rename(aside, folder);
  }
});

test('no good version to fall back to: the error page', async ({ page }) => {
  // Both the live version and its fallback gone.
  const moved = [live, good].map((version) => path.join(site.dir, 'marketing', version));
  for (const folder of moved) await fs.rename(folder, `${folder}.aside`);
  try {
    await page.goto(`${site.server.url}/pricing`);
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  } finally {
    for (const folder of moved) await fs.rename(`${folder}.aside`, folder);
  }
});

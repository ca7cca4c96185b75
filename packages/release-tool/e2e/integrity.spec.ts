import path from 'node:path';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { countedTelemetry, liveVersion, releasedSiteForBeacons } from './release-fixtures';
import { changeOneByte, pageChunkOf } from './tampering';
import { telemetryOf } from './sent-telemetry';

test.describe.configure({ mode: 'serial' });

const site = releasedSiteForBeacons('integrity-e2e');

test('remote files load with the hashes their release pinned', async ({ page, request }) => {
  const registry = (await (await request.get(`${site.server.url}/registry.json`)).json()) as {
    apps: Record<string, { stable: { integrity: { manifest: string; remoteEntry: string } } }>;
  };
  expect(registry.apps.marketing!.stable.integrity).toEqual({
    manifest: expect.stringMatching(/^sha384-/),
    remoteEntry: expect.stringMatching(/^sha384-/),
    remoteEntryPath: 'remoteEntry.js',
  });
  await page.goto(`${site.server.url}/pricing`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('one changed byte in a live remote entry: the fallback shows, its code never runs, telemetry says why', async ({
  page,
}) => {
  const version = await liveVersion(site.dir, 'marketing');
  await changeOneByte(path.join(site.dir, 'marketing', version, 'remoteEntry.js'));
  const events = await telemetryOf(page);

  await page.goto(`${site.server.url}/pricing`);
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  // The remote entry defines its container as a global when it runs: it never did.
  expect(await page.evaluate(() => 'marketing' in window)).toBe(false);

  // Other remotes are untouched.
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  // One event per refused attempt (the first-page preload and the render each tried once).
  await expect
    .poll(() => events.filter((e) => e.kind === 'integrity-failed').length, { timeout: scaled(15_000) })
    .toBeGreaterThan(0);
  for (const event of events.filter((e) => e.kind === 'integrity-failed')) {
    expect(event).toEqual({ kind: 'integrity-failed', app: 'marketing', version, route: '' });
  }
  expect(events).toContainEqual(expect.objectContaining({ kind: 'load-failed', app: 'marketing', version }));
  // The API counted them: the failed load is an error of this version, the integrity failure why.
  await expect
    .poll(async () => countedTelemetry('marketing', version), { timeout: scaled(15_000) })
    .toMatchObject({ integrityFailed: expect.any(Number), errors: expect.any(Number) });
  const counted = (await countedTelemetry('marketing', version))!;
  expect(counted.integrityFailed).toBeGreaterThan(0);
  expect(counted.errors).toBeGreaterThan(0);
});

test('one changed byte in a page chunk its entry pins: that page falls back, nothing of it runs', async ({ page }) => {
  const version = await liveVersion(site.dir, 'auth');
  const folder = path.join(site.dir, 'auth', version);
  await changeOneByte(path.join(folder, await pageChunkOf(folder, './Login')));
  const events = await telemetryOf(page);

  await page.goto(`${site.server.url}/auth/login`);
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /email/i })).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await expect
    .poll(() => events.filter((e) => e.app === 'auth').map((e) => e.kind), { timeout: scaled(15_000) })
    .toContain('load-failed');
});

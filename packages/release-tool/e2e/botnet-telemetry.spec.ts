import path from 'node:path';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { TELEMETRY_TOKEN_PATH } from '@kloof/api-contract/constants';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import {
  countedTelemetry,
  kloof,
  liveVersion,
  markedBuild,
  releaseCanary,
  releasedSiteForBeacons,
  startReleaseTool,
  watchOnce,
} from './release-fixtures';
import { seedsOnEachSide, visitors } from './browser-visits';
import { changeOneByte, pageChunkOf } from './tampering';

test.describe.configure({ mode: 'serial' });

// The web server believes X-Forwarded-For from this machine (its proxy), so each simulated client
// is the network its address says.
const site = releasedSiteForBeacons('botnet-telemetry-e2e', {}, { TRUST_PROXY: '127.0.0.1' });
const visit = visitors(() => site.server.url);

/** Flags of release:watch in these tests: its defaults but the sample, so a test's page loads suffice. */
const WATCH_FLAGS = ['--min-sample', '20', '--window', '10'];

/** A marked copy of the marketing build released as its canary for half of the browsers. */
const marketingCanary = async (label: string) =>
  releaseCanary(site.dir, 'marketing', await markedBuild('marketing', 'remotes/marketing', label), 50);

/** An address in each of 256 IPv4 /24 networks (198.18.0.0/15, set aside for tests like this one). */
const botAddress = (network: number) => `198.18.${network}.77`;

/**
 * What each bot does with a real token: fetches it as a page of the site would (its own canary
 * seed, its own address, same-origin), then posts the canary's page load, every kind of load
 * failure and a render error, as a browser's beacon does, through the web server.
 */
async function botVotes(siteUrl: string, address: string, seed: string, canary: string): Promise<number> {
  const headers = { 'x-forwarded-for': address, cookie: `kloof-canary=${seed}` };
  const answer = await fetch(`${siteUrl}${TELEMETRY_TOKEN_PATH}`, {
    headers: { ...headers, 'sec-fetch-site': 'same-origin' },
  });
  const { token } = (await answer.json()) as { token: string };
  const events = ['page-load', 'load-failed', 'integrity-failed', 'fallback-loaded', 'render-error'].map((kind) => ({
    kind,
    app: 'marketing',
    version: canary,
    route: 'Pricing',
  }));
  const posted = await fetch(`${siteUrl}/v1/telemetry`, {
    method: 'POST',
    headers: { ...headers, origin: siteUrl, 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ token, events }),
  });
  return posted.status;
}

test('256 networks with real tokens voting a healthy canary down, render errors too, cannot roll it back while real page loads succeed', async ({
  browser,
}) => {
  test.setTimeout(scaled(300_000));
  const canary = await marketingCanary('healthy-canary');
  const stable = await liveVersion(site.dir, 'marketing');

  // Real browsers, each from its own network: every page renders on both sides. Six a side: each
  // renders and is counted exactly, and stable has loads to be compared with (twenty proved no more).
  const REAL = 6;
  const seeds = await seedsOnEachSide(site.server.url, 'marketing', REAL);
  for (let i = 0; i < REAL; i += 2) {
    const seen = await Promise.all(
      [i, i + 1].flatMap((n) => [
        visit(browser, seeds.canary[n]!, '/pricing', /pricing/i, `10.1.${n}.1`),
        visit(browser, seeds.stable[n]!, '/pricing', /pricing/i, `10.2.${n}.1`),
      ]),
    );
    expect(seen).toEqual(['rendered', 'rendered', 'rendered', 'rendered']);
  }
  for (const version of [canary, stable]) {
    await expect
      .poll(async () => (await countedTelemetry('marketing', version))?.pageLoads ?? 0, { timeout: scaled(30_000) })
      .toBe(REAL);
  }

  // The botnet: 256 networks, three browsers each (the most a network counts as), each with a
  // real token for the canary, vote page load + load-failed + integrity-failed + fallback-loaded
  // + render-error.
  const botSeeds = (await seedsOnEachSide(site.server.url, 'marketing', 256 * 3)).canary;
  const statuses: number[] = [];
  for (let network = 0; network < 256; network += 16) {
    const wave = Array.from({ length: 16 * 3 }, (_, k) => {
      const n = network + Math.floor(k / 3);
      return botVotes(site.server.url, botAddress(n), botSeeds[n * 3 + (k % 3)]!, canary);
    });
    statuses.push(...(await Promise.all(wave)));
  }
  expect(new Set(statuses)).toEqual(new Set([204]));

  // Their page loads count (real tokens), their load failures do not: the server holds the canary
  // intact. Their render errors count, as the browser's word nobody can check.
  const counted = await countedTelemetry('marketing', canary);
  console.log(`counted for the canary after the botnet: ${JSON.stringify(counted)}`);
  expect(counted).toMatchObject({
    pageLoads: REAL + 256 * 3,
    loadFailed: 0,
    integrityFailed: 0,
    fallbacks: 0,
    renderErrors: 256 * 3,
  });
  // Worse only by what browsers say: held as suspect for an operator, not rolled back.
  const said = await watchOnce(site.dir, 'marketing', ...WATCH_FLAGS);
  console.log(`release:watch after the botnet: ${said.trim()}`);
  expect(said).toContain(`marketing: canary ${canary} held as suspect: canary error rate`);
  expect(said).toContain(
    'by 768 render errors only browsers reported from 256 networks: held, not rolled back: an operator should look',
  );
  expect((await readRegistryFile(releasesLayout(site.dir))).apps.marketing!.canary?.version).toBe(canary);
  expect(await kloof(site.dir, 'status')).toContain('SUSPECT since');
  expect(await kloof(site.dir, 'history', 'marketing')).toMatch(
    new RegExp(`hold marketing ${stable} -> ${canary} by e2e reason: held as suspect by release:watch`),
  );
  await kloof(site.dir, 'rollback', 'marketing');
});

test('a canary of which 30% of real page loads fail is rolled back by release:watch within its window', async ({
  browser,
}) => {
  test.setTimeout(scaled(600_000));
  const stable = await liveVersion(site.dir, 'marketing');
  const canary = await marketingCanary('failing-canary');
  // One chunk of the canary's Pricing page changed on the server (a broken upload, a bad disk):
  // browsers refuse it by its pinned hash, and the web server sees it does not match either.
  const folder = path.join(site.dir, 'marketing', canary);
  await changeOneByte(path.join(folder, await pageChunkOf(folder, './Pricing')));

  const watcher = startReleaseTool(site.dir, 'watch', 'marketing', ...WATCH_FLAGS, '--interval', '1');
  const canaryLive = async () => (await readRegistryFile(releasesLayout(site.dir))).apps.marketing!.canary !== null;
  try {
    // Fresh browsers from their own networks, two on each side at a time; three canary page loads
    // in ten open the broken page. Until the watcher rolls the canary back (at most 60 a side).
    const seeds = await seedsOnEachSide(site.server.url, 'marketing', 60);
    let visited = 0;
    while (visited < 60 && (await canaryLive())) {
      await Promise.all(
        [visited, visited + 1].flatMap((n) => [
          visit(browser, seeds.canary[n]!, n % 10 < 3 ? '/pricing' : '/services', /pricing|services/i, `10.3.${n}.1`),
          visit(browser, seeds.stable[n]!, n % 10 < 3 ? '/pricing' : '/services', /pricing|services/i, `10.4.${n}.1`),
        ]),
      );
      visited += 2;
    }
    await expect.poll(canaryLive, { timeout: scaled(60_000) }).toBe(false);
    console.log(
      `rolled back after ${visited} page loads a side; counted: ${JSON.stringify(await countedTelemetry('marketing', canary))}`,
    );
  } finally {
    watcher.stop();
    console.log(`release:watch said:\n${watcher.output()}`);
  }
  expect(watcher.output()).toContain(`marketing: canary ${canary} rolled back: canary error rate`);
  const history = await kloof(site.dir, 'history', 'marketing');
  expect(history).toMatch(
    new RegExp(
      `abort marketing ${canary} -> ${stable} by e2e reason: automatic rollback by release:watch: canary error rate`,
    ),
  );
});

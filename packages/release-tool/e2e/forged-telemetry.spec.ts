import { expect, test, e2e } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { TELEMETRY_TOKEN_PATH } from '@kloof/api-contract/constants';
import {
  countedPageLoads,
  countedTelemetry,
  liveVersion,
  markedBuild,
  releaseCanary,
  releasedSiteForBeacons,
  watchOnce,
} from './release-fixtures';
import { seedsOnEachSide, visitors } from './browser-visits';

const site = releasedSiteForBeacons('forged-telemetry-e2e');
const visit = visitors(() => site.server.url);

/** What release:watch decides now about the marketing canary. */
const watchMarketing = () => watchOnce(site.dir, 'marketing', '--min-sample', '3', '--window', '10', '--margin', '10');

test('forged batches and a 50-address flood change nothing release:watch decides; real page loads count', async ({
  browser,
}) => {
  test.setTimeout(scaled(240_000));
  const stable = await liveVersion(site.dir, 'marketing');
  const canary = await releaseCanary(
    site.dir,
    'marketing',
    await markedBuild('marketing', 'remotes/marketing', 'healthy-canary'),
    50,
  );

  // Real browsers: three on each side, all pages render; their page loads count.
  const seeds = await seedsOnEachSide(site.server.url, 'marketing', 3);
  for (let i = 0; i < 3; i += 1) {
    const seen = await Promise.all([
      visit(browser, seeds.canary[i]!, '/pricing', /pricing/i),
      visit(browser, seeds.stable[i]!, '/pricing', /pricing/i),
    ]);
    expect(seen).toEqual(['rendered', 'rendered']);
  }
  for (const version of [canary, stable]) {
    await expect.poll(() => countedPageLoads('marketing', version), { timeout: scaled(20_000) }).toBe(3);
  }
  const before = await watchMarketing();
  console.log(`release:watch before the forged telemetry: ${before.trim()}`);
  expect(before).toContain(`marketing: canary ${canary} kept`);
  const countsBefore = await countedTelemetry('marketing', canary);

  // The two forged requests from one address: a text/plain beacon batch and a JSON batch.
  const events = [
    ...Array.from({ length: 40 }, () => ({ kind: 'page-load', app: 'marketing', version: canary, route: 'Pricing' })),
    ...Array.from({ length: 10 }, () => ({ kind: 'load-failed', app: 'marketing', version: canary, route: 'Pricing' })),
  ];
  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const beacon = await post(
    `${site.server.url}/v1/telemetry`,
    { events },
    { 'content-type': 'text/plain;charset=UTF-8' },
  );
  const json = await post(`${site.server.url}/v1/telemetry`, { events }, { 'content-type': 'application/json' });
  expect([beacon.status, json.status]).toEqual([400, 400]);

  // Another site's page cannot get a token for its visitors' browsers ...
  const crossSite = await fetch(`${site.server.url}${TELEMETRY_TOKEN_PATH}`, {
    headers: { 'sec-fetch-site': 'cross-site' },
  });
  expect(crossSite.status).toBe(403);
  // ... nor use one it fetched itself: its visitors' beacons carry its Origin. A flood from 50
  // addresses (the API believes X-Forwarded-For from this machine) with that token, and with
  // tokens made up, counts nothing.
  const { token } = (await (await fetch(`${site.server.url}${TELEMETRY_TOKEN_PATH}`)).json()) as { token: string };
  const flood = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const headers = { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': `203.0.113.${i + 1}` };
      const fromElsewhere = await post(
        `${e2e.apiUrl}/telemetry`,
        { token, events },
        {
          ...headers,
          origin: 'https://evil.example',
        },
      );
      const madeUp = await post(
        `${e2e.apiUrl}/telemetry`,
        { token: `${'x'.repeat(60 + i)}.${'y'.repeat(43)}`, events },
        {
          ...headers,
          origin: site.server.url,
        },
      );
      return [fromElsewhere.status, madeUp.status];
    }),
  );
  expect(new Set(flood.flat())).toEqual(new Set([403]));

  expect(await countedTelemetry('marketing', canary)).toEqual(countsBefore);
  const after = await watchMarketing();
  console.log(`release:watch after the forged telemetry: ${after.trim()}`);
  expect(after.replace(/^\S+ /, '')).toBe(before.replace(/^\S+ /, ''));
});

import { expect, test } from '@kloof/test-kit/e2e';
import { kloofWithEnv, releasedSitePerFile, snapshotBuild } from './release-fixtures';

// One releases folder and one server; each test builds on the SITE_URL the one before left.
test.describe.configure({ mode: 'serial' });

const site = releasedSitePerFile('site-url-e2e', { SITE_URL: 'https://staging.example.test/' });

/** The URLs a crawler or link preview reads from one prerendered page. */
async function publicUrls(path: string): Promise<{ canonical?: string; ogUrl?: string; organization?: unknown }> {
  const html = await (await fetch(`${site.server.url}${path}`)).text();
  const organization = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as { '@type': string; url?: string })
    .find((data) => data['@type'] === 'Organization');
  return {
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1],
    organization: organization?.url,
  };
}

const releaseMarketingAgain = async (siteUrl: string) =>
  kloofWithEnv(
    { SITE_URL: siteUrl },
    site.dir,
    'release',
    'marketing',
    '--from',
    await snapshotBuild('marketing', 'remotes/marketing'),
  );

test('SITE_URL is the origin of every canonical, og:url and Organization url of the prerendered pages', async () => {
  for (const path of ['/', '/pricing', '/careers/junior-digital-assistant']) {
    expect(await publicUrls(path)).toEqual({
      canonical: `https://staging.example.test${path}`,
      ogUrl: `https://staging.example.test${path}`,
      organization: 'https://staging.example.test/',
    });
  }
});

test('releasing the same builds with another SITE_URL (as pnpm start does) renders the live pages again for it', async () => {
  expect(await releaseMarketingAgain('https://www.example.test')).toMatch(
    /^marketing: \S+ is already live \(identical build\)\.\n {2}public pages: \d+ prerendered/,
  );
  expect(await publicUrls('/pricing')).toEqual({
    canonical: 'https://www.example.test/pricing',
    ogUrl: 'https://www.example.test/pricing',
    organization: 'https://www.example.test/',
  });
  // The same SITE_URL again: the stored pages are kept, nothing is rendered.
  expect(await releaseMarketingAgain('https://www.example.test')).toMatch(
    /already live \(identical build\), nothing changed\.\n$/,
  );
});

for (const bad of [
  'www.example.test',
  'ftp://www.example.test',
  'https://www.example.test/blog',
  'https://a:b@example.test',
]) {
  test(`SITE_URL "${bad}" is refused with a clear message and the live pages stay as they were`, async () => {
    // execFile's error for a failed command carries its exit code and stderr.
    const refused = await releaseMarketingAgain(bad).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused.code).toBe(1);
    // One rule words every part's refusal; it never echoes the value (it may carry a password).
    expect(refused.stderr).toBe(
      "error: SITE_URL must be the site's origin only, an http(s) URL without a path, query or credentials such as https://example.com\n",
    );
    expect((await publicUrls('/pricing')).canonical).toBe('https://www.example.test/pricing');
  });
}

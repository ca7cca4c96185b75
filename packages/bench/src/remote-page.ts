import type { Browser } from '@playwright/test';
import { isRegistryDocument, manifestUrlOf } from '@kloof/release-registry';
import { countDownloads, type FirstLoad } from './first-load';

/** A page the host has loaded no remote for: the host's own start-up, nothing more. */
const HOST_ONLY_PATH = '/unauthorized';

interface FederationGlobal {
  __FEDERATION__?: { __INSTANCES__?: { name: string; loadRemote(id: string): Promise<unknown> }[] };
}

/** Every exposed page of every remote the registry lists, as `remote/Page` ids. */
export async function remotePageIds(baseUrl: string): Promise<string[]> {
  const registry: unknown = await (await fetch(`${baseUrl}/registry.json`)).json();
  if (!isRegistryDocument(registry)) throw new Error(`${baseUrl}/registry.json is not a release registry`);
  const ids: string[] = [];
  for (const [remote, entry] of Object.entries(registry.apps)) {
    if (remote === 'host' || !entry.stable) continue;
    const manifestUrl = manifestUrlOf(remote, entry.origin, entry.stable);
    const manifest = (await (await fetch(new URL(manifestUrl, baseUrl))).json()) as { exposes: { name: string }[] };
    ids.push(...manifest.exposes.map(({ name }) => `${remote}/${name}`));
  }
  return ids.sort();
}

/**
 * What one remote page costs beyond what the host already loaded: the host starts on a page of
 * its own, then its federation runtime loads the page module the way a route does (manifest,
 * remote entry, the page's chunks and any shared library not loaded yet). Guards are not in
 * the way: this measures code, not who may see it.
 */
export async function measureRemotePage(browser: Browser, baseUrl: string, id: string): Promise<FirstLoad> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${HOST_ONLY_PATH}`, { waitUntil: 'networkidle' });
  const downloads = countDownloads(page);
  await page.evaluate(async (pageId) => {
    const host = (globalThis as FederationGlobal).__FEDERATION__?.__INSTANCES__?.find(({ name }) => name === 'host');
    if (!host) throw new Error('The host federation runtime is not on the page');
    await host.loadRemote(pageId);
  }, id);
  await page.waitForLoadState('networkidle');
  const load = await downloads.done();
  await context.close();
  return load;
}

import { describe, expect, it } from '@jest/globals';
import type { RemoteManifest } from './page-files';
import { preloadPageModule } from './page-preload';

const MANIFEST_URL = 'https://cdn.example.test/remotes/clientArea/1.2.0/mf-manifest.json';
const PINNED_MANIFEST = 'sha384-manifest';

function manifestWith(integrity?: Record<string, string>): RemoteManifest {
  const files = (sync: string[], async: string[] = []) => ({ js: { sync, async }, css: { sync: [], async: [] } });
  return {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'Dashboard', assets: files(['__federation_expose_Dashboard.1a.js'], ['153.2b.js', 'Links.3c.js']) },
      { name: 'Projects', assets: files(['__federation_expose_Projects.4d.js']) },
    ],
    ...(integrity ? { integrity } : {}),
  };
}

async function preload(manifest: RemoteManifest | 'unreadable', page = 'Dashboard') {
  const asked: { url: string; init: RequestInit }[] = [];
  const links: HTMLLinkElement[] = [];
  const urls = await preloadPageModule(MANIFEST_URL, PINNED_MANIFEST, page, {
    fetch: async (url, init) => {
      asked.push({ url, init });
      if (manifest === 'unreadable') throw new TypeError('Failed integrity metadata check');
      // jsdom has no Response: the two members the preload reads.
      return { ok: true, json: async () => structuredClone(manifest) } as Response;
    },
    append: (link) => links.push(link),
  });
  return { asked, links, urls };
}

describe("a signed-in page's own chunks are preloaded alongside its remote's entry", () => {
  it("reads the manifest with the hash the release pins, then preloads the page's chunks as the entry loads them", async () => {
    const { asked, links, urls } = await preload(
      manifestWith({ '__federation_expose_Dashboard.1a.js': 'sha384-dashboard', '153.2b.js': 'sha384-lazy' }),
    );
    expect(asked).toEqual([{ url: MANIFEST_URL, init: { integrity: PINNED_MANIFEST } }]);
    expect(urls).toEqual(['https://cdn.example.test/remotes/clientArea/1.2.0/__federation_expose_Dashboard.1a.js']);
    expect(
      links.map((link) => [
        link.rel,
        link.as,
        link.href,
        link.getAttribute('integrity'),
        link.getAttribute('crossorigin'),
      ]),
    ).toEqual([['preload', 'script', urls[0], 'sha384-dashboard', 'anonymous']]);
  });

  it("leaves out the page's lazy chunks and other pages' files", async () => {
    const { urls } = await preload(manifestWith(), 'Projects');
    expect(urls).toEqual(['https://cdn.example.test/remotes/clientArea/1.2.0/__federation_expose_Projects.4d.js']);
  });

  it('preloads an unpinned build without a hash or CORS mode, as its entry then loads it', async () => {
    const { links } = await preload(manifestWith());
    expect(links.map((link) => [link.getAttribute('integrity'), link.getAttribute('crossorigin')])).toEqual([
      [null, null],
    ]);
  });

  it('preloads nothing when the manifest cannot be read or fails its hash (the runtime loads the page as before)', async () => {
    expect((await preload('unreadable')).links).toEqual([]);
  });

  it('preloads nothing for a page its manifest does not list', async () => {
    expect((await preload(manifestWith(), 'Billing')).links).toEqual([]);
  });
});

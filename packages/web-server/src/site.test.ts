import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { bucketOf, REGISTRY_FORMAT, type RegistryApp, type RegistryDocument } from '@kloof/release-registry';
import { pagesDir, releasesLayout, type ReleasesLayout } from '@kloof/release-store/folder';
import { releasesSite } from './site';

const versions = {
  host: '20261125-100000-000-aaaaaaaaaa',
  marketing: '20261125-100001-000-bbbbbbbbbb',
  auth: '20261125-100002-000-cccccccccc',
  authCanary: '20261125-100003-000-dddddddddd',
  marketingCanary: '20261125-100003-000-eeeeeeeeee',
};

const release = (version: string) => ({ version, releasedAt: '', releasedBy: 'test' });
const app = (version: string, canary: RegistryApp['canary'] = null): RegistryApp => ({
  origin: '',
  stable: release(version),
  canary,
  previous: null,
});

let layout: ReleasesLayout;

/** A stored pages folder of one pair, with one page. */
function storePages(remote: string, version: string, page: { path: string; file: string }): void {
  const dir = pagesDir(layout, versions.host, remote, version);
  fs.mkdirSync(path.dirname(path.join(dir, page.file)), { recursive: true });
  fs.writeFileSync(path.join(dir, page.file), '<html></html>');
  fs.writeFileSync(path.join(dir, 'pages.json'), JSON.stringify([{ ...page, status: 200 }]));
}

function writeRegistry(apps: Record<string, RegistryApp>): void {
  const registry: RegistryDocument = { format: REGISTRY_FORMAT, apps };
  fs.writeFileSync(layout.registryFile, JSON.stringify(registry));
}

beforeEach(() => {
  layout = releasesLayout(fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-site-')));
  storePages('marketing', versions.marketing, { path: '/pricing', file: 'pricing.html' });
  storePages('auth', versions.auth, { path: '/auth/login', file: 'auth/login.html' });
});
afterEach(() => fs.rmSync(layout.root, { recursive: true, force: true }));

/** A seed whose browser is (or is not) in the auth canary of `share` percent. */
function seedFor(inAuthCanary: boolean, share: number): string {
  for (let n = 0; ; n += 1) {
    const seed = n.toString(16).padStart(8, '0');
    if (bucketOf(seed, 'auth') < share === inAuthCanary) return seed;
  }
}

describe('prerendered pages of the releases folder', () => {
  it("serves each page from its remote's pair with the stable host: public and auth pages alike", () => {
    writeRegistry({ host: app(versions.host), marketing: app(versions.marketing), auth: app(versions.auth) });
    const site = releasesSite(layout);
    expect(site.prerenderedPage('/pricing')).toMatchObject({ file: 'pricing.html', status: 200 });
    expect(site.prerenderedPage('/auth/login')).toEqual({
      root: pagesDir(layout, versions.host, 'auth', versions.auth),
      file: 'auth/login.html',
      status: 200,
    });
    expect(site.prerenderedPage('/dashboard')).toBeNull();
  });

  it('a browser in the auth canary gets the plain auth page (its own version renders it), the public pages still prerendered', () => {
    const share = 50;
    writeRegistry({
      host: app(versions.host),
      marketing: app(versions.marketing),
      auth: app(versions.auth, { ...release(versions.authCanary), share }),
    });
    const site = releasesSite(layout);
    const inCanary = seedFor(true, share);
    expect(site.prerenderedPage('/auth/login', inCanary)).toBeNull();
    expect(site.prerenderedPage('/pricing', inCanary)).toMatchObject({ file: 'pricing.html' });
    expect(site.prerenderedPage('/auth/login', seedFor(false, share))).toMatchObject({ file: 'auth/login.html' });
  });

  it('a canary of a release set: every page of its remotes plain for its browsers, prerendered for the rest, never a mix', () => {
    const set = 'set-20261125-100003-000-0a1b2c3d';
    writeRegistry({
      host: app(versions.host),
      marketing: app(versions.marketing, { ...release(versions.marketingCanary), share: 50, set }),
      auth: app(versions.auth, { ...release(versions.authCanary), share: 50, set }),
    });
    const site = releasesSite(layout);
    const sides = { plain: 0, prerendered: 0 };
    for (let n = 0; n < 400; n += 1) {
      const seed = n.toString(16).padStart(8, '0');
      const pricing = site.prerenderedPage('/pricing', seed);
      const login = site.prerenderedPage('/auth/login', seed);
      // The host's choice for this seed: the set's one draw.
      const inCanary = bucketOf(seed, set) < 50;
      expect([pricing === null, login === null]).toEqual([inCanary, inCanary]);
      sides[inCanary ? 'plain' : 'prerendered'] += 1;
    }
    expect(sides.plain).toBeGreaterThan(150);
    expect(sides.prerendered).toBeGreaterThan(150);
  });

  it('an auth remote published on another origin has no pages here', () => {
    writeRegistry({
      host: app(versions.host),
      marketing: app(versions.marketing),
      auth: { ...app(versions.auth), origin: 'https://cdn.example.com' },
    });
    expect(releasesSite(layout).prerenderedPage('/auth/login')).toBeNull();
  });
});

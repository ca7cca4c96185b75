import { describe, expect, it } from '@jest/globals';
import { SIGNED_OUT_SESSION, type AuthSession } from '@kloof/auth';
import { pageRoutes } from './route-table';
import { handOverPagesToWarm, pagesToWarm, type WarmupTarget } from './warm-pages';
import type { RemoteManifest } from '../federation/page-files';
import { aUser } from '@kloof/api-client/testing';

const visitor: AuthSession = SIGNED_OUT_SESSION;
const client: AuthSession = {
  ...visitor,
  accessToken: 'a'.repeat(20),
  refreshToken: 'r'.repeat(20),
  user: aUser({ id: '1', email: 'a@b.co', username: 'ann', roles: [], verified: true }),
  state: 'SIGNED_IN',
};

describe('pages made ready for offline after the first visit', () => {
  it('are every public page and, for a visitor, the sign-in pages (each module once)', () => {
    const ids = pagesToWarm(pageRoutes, visitor);
    expect(ids).toEqual(expect.arrayContaining(['marketing/Home', 'marketing/Pricing', 'auth/Login', 'auth/Register']));
    expect(ids.filter((id) => id === 'auth/ResetPassword')).toHaveLength(1);
    expect(ids.some((id) => id.startsWith('clientArea/') || id.startsWith('admin/'))).toBe(false);
  });

  it('leave the sign-in pages out for a signed-in user, whom they would send away', () => {
    const ids = pagesToWarm(pageRoutes, client);
    expect(ids).toContain('marketing/Pricing');
    expect(ids).not.toContain('auth/Login');
  });
});

describe('handing the pages to warm to the service worker', () => {
  const manifest = (remote: string, pages: string[]): RemoteManifest => ({
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: pages.map((name) => ({
      name,
      assets: { js: { sync: [`${name}.js`], async: ['lazy.js'] }, css: { sync: [], async: [] } },
    })),
  });
  const manifests: Record<string, RemoteManifest> = {
    'https://site.test/remotes/marketing/v1/mf-manifest.json': manifest('marketing', ['Home', 'Pricing', 'Unrouted']),
    'https://site.test/remotes/auth/v2/mf-manifest.json': manifest('auth', ['Login', 'Register']),
  };
  function target(overrides: Partial<WarmupTarget> = {}) {
    const posted: string[][] = [];
    const value: WarmupTarget = {
      manifestUrlOf: (remote) =>
        ({
          marketing: 'https://site.test/remotes/marketing/v1/mf-manifest.json',
          auth: 'https://site.test/remotes/auth/v2/mf-manifest.json',
        })[remote],
      fetchManifest: async (url) => manifests[url]!,
      post: (message) => posted.push(message.urls),
      ...overrides,
    };
    return { value, posted };
  }

  it('names each public page, its remote entry and its own chunks in one message, from the live version folders', async () => {
    const { value, posted } = target();
    await handOverPagesToWarm(pageRoutes, visitor, value);
    expect(posted).toHaveLength(1);
    const urls = posted[0]!;
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://site.test/remotes/marketing/v1/mf-manifest.json',
        'https://site.test/remotes/marketing/v1/remoteEntry.js',
        'https://site.test/remotes/marketing/v1/Pricing.js',
        'https://site.test/remotes/marketing/v1/lazy.js',
        'https://site.test/remotes/auth/v2/Login.js',
      ]),
    );
    expect(urls).not.toContain('https://site.test/remotes/marketing/v1/Unrouted.js');
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('still hands over the other remotes when one manifest cannot be read', async () => {
    const { value, posted } = target({
      fetchManifest: async (url) => {
        if (url.includes('/auth/')) throw new Error('offline');
        return manifests[url]!;
      },
    });
    await handOverPagesToWarm(pageRoutes, visitor, value);
    expect(posted[0]).toContain('https://site.test/remotes/marketing/v1/Pricing.js');
    expect(posted[0]!.some((url) => url.includes('/remotes/auth/'))).toBe(false);
  });

  it("hands over the hash each file's build pinned, so the worker stores only files that match it", async () => {
    const messages: Parameters<WarmupTarget['post']>[0][] = [];
    const pinned = manifest('marketing', ['Home', 'Pricing']);
    const { value } = target({
      fetchManifest: async (url) =>
        url.includes('/marketing/') ? { ...pinned, integrity: { 'Pricing.js': 'sha384-pricing' } } : manifests[url]!,
      post: (message) => messages.push(message),
    });
    await handOverPagesToWarm(pageRoutes, visitor, value);
    expect(messages[0]!.integrity).toEqual({ 'https://site.test/remotes/marketing/v1/Pricing.js': 'sha384-pricing' });
  });

  it('hands a signed-in user no sign-in page', async () => {
    const { value, posted } = target();
    await handOverPagesToWarm(pageRoutes, client, value);
    expect(posted[0]).toContain('https://site.test/remotes/marketing/v1/Pricing.js');
    expect(posted[0]).not.toContain('https://site.test/remotes/auth/v2/Login.js');
  });
});

import { describe, expect, it, jest } from '@jest/globals';
import type { PageComponent } from '../federation/page-import';

// The federation runtime's page download, replaced at its one module: each call waits on a
// promise the test settles, so timing is in the test's hands.
const downloads: { id: string; settle: (page: PageComponent | Error) => void }[] = [];
jest.unstable_mockModule('../federation/page-import', () => ({
  importPage: (id: string) =>
    new Promise((resolve, reject) => {
      downloads.push({ id, settle: (page) => (page instanceof Error ? reject(page) : resolve({ default: page })) });
    }),
}));

const { firstPageSettled, preloadFirstPage, publicPageAt } = await import('./first-page');
const { loadedPage } = await import('../federation/loaded-pages');

const HomePage: PageComponent = () => null;
const PricingPage: PageComponent = () => null;

describe('publicPageAt', () => {
  it('finds the public page of a path, with or without a trailing slash', () => {
    expect(publicPageAt('/')).toMatchObject({ remote: 'marketing', module: './Home' });
    expect(publicPageAt('/pricing/')).toMatchObject({ remote: 'marketing', module: './Pricing' });
    expect(publicPageAt('/careers/junior-digital-assistant')).toMatchObject({ remote: 'marketing' });
  });

  it('finds the guest-only pages a visitor opens (prerendered too), without parameters', () => {
    expect(publicPageAt('/auth/login')).toMatchObject({ remote: 'auth', module: './Login' });
    expect(publicPageAt('/auth/resetPassword')).toMatchObject({ remote: 'auth', module: './ResetPassword' });
    expect(publicPageAt('/auth/resetPassword/123456')).toBeUndefined();
  });

  it('leaves signed-in and unknown paths to the app', () => {
    expect(publicPageAt('/dashboard')).toBeUndefined();
    expect(publicPageAt('/manage/users')).toBeUndefined();
    expect(publicPageAt('/no-such-page')).toBeUndefined();
  });
});

describe('the first page of a visit', () => {
  it('settles at once when the URL has no public page, and downloads nothing', async () => {
    preloadFirstPage('/dashboard');
    await firstPageSettled(60_000);
    expect(downloads).toHaveLength(0);
  });

  it('downloads the public page of the URL and keeps it for the first render', async () => {
    preloadFirstPage('/');
    expect(downloads.map(({ id }) => id)).toEqual(['marketing/Home']);
    const settled = firstPageSettled(60_000);
    downloads[0]?.settle(HomePage);
    await settled;
    expect(loadedPage('marketing/Home')).toBe(HomePage);
  });

  it('stops waiting after the time limit when the remote is slow; the page still arrives later', async () => {
    preloadFirstPage('/pricing');
    const slow = downloads.at(-1);
    expect(slow?.id).toBe('marketing/Pricing');
    await firstPageSettled(10);
    expect(loadedPage('marketing/Pricing')).toBeUndefined();
    slow?.settle(PricingPage);
    await firstPageSettled(60_000);
    expect(loadedPage('marketing/Pricing')).toBe(PricingPage);
  });

  it('settles when the download fails, keeping nothing (the page error boundary reports it)', async () => {
    preloadFirstPage('/docs');
    const failing = downloads.at(-1);
    const settled = firstPageSettled(60_000);
    failing?.settle(new Error('RUNTIME-003 Failed to get manifest'));
    await expect(settled).resolves.toBeUndefined();
    expect(loadedPage('marketing/Docs')).toBeUndefined();
  });
});

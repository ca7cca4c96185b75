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

const { firstPageSettled, firstPageToLoad, pageAt, preloadFirstPage, publicPageAt } = await import('./first-page');
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

describe('which page a load downloads before the app, by route and session', () => {
  it('finds any page by its pattern, parameters included', () => {
    expect(pageAt('/manage/user/u-1')).toMatchObject({ remote: 'admin', module: './ManageUser' });
    expect(pageAt('/dashboard/')).toMatchObject({ module: './Dashboard' });
    expect(pageAt('/no-such-page')).toBeUndefined();
  });

  it('a public page, waited for, with or without tokens', () => {
    expect(firstPageToLoad('/pricing', false)).toMatchObject({ route: { module: './Pricing' }, awaited: true });
    expect(firstPageToLoad('/pricing', true)).toMatchObject({ route: { module: './Pricing' }, awaited: true });
  });

  it('a signed-in page only when the browser holds tokens, and not waited for (the spinner shows)', () => {
    expect(firstPageToLoad('/dashboard', true)).toMatchObject({ route: { module: './Dashboard' }, awaited: false });
    expect(firstPageToLoad('/dashboard', false)).toBeUndefined();
  });

  it('never a role-gated or system page before its guard passed: tokens do not say who holds the role', () => {
    expect(firstPageToLoad('/manage/user/u-1', true)).toBeUndefined();
    expect(firstPageToLoad('/manage/users', true)).toBeUndefined();
    expect(firstPageToLoad('/system', true)).toBeUndefined();
  });
});

describe('the first page of a visit', () => {
  it("settles at once for a visitor's signed-in URL, and downloads nothing", async () => {
    preloadFirstPage('/dashboard', false);
    await firstPageSettled(60_000);
    expect(downloads).toHaveLength(0);
  });

  it('downloads a signed-in page for a browser holding tokens, without holding the first render', async () => {
    preloadFirstPage('/projects', true);
    expect(downloads.map(({ id }) => id)).toEqual(['clientArea/Projects']);
    await firstPageSettled(60_000);
    expect(loadedPage('clientArea/Projects')).toBeUndefined();
    downloads.pop();
  });

  it('downloads the public page of the URL and keeps it for the first render', async () => {
    preloadFirstPage('/', false);
    expect(downloads.map(({ id }) => id)).toEqual(['marketing/Home']);
    const settled = firstPageSettled(60_000);
    downloads[0]?.settle(HomePage);
    await settled;
    expect(loadedPage('marketing/Home')).toBe(HomePage);
  });

  it('stops waiting after the time limit when the remote is slow; the page still arrives later', async () => {
    preloadFirstPage('/pricing', false);
    const slow = downloads.at(-1);
    expect(slow?.id).toBe('marketing/Pricing');
    await firstPageSettled(10);
    expect(loadedPage('marketing/Pricing')).toBeUndefined();
    slow?.settle(PricingPage);
    await firstPageSettled(60_000);
    expect(loadedPage('marketing/Pricing')).toBe(PricingPage);
  });

  it('settles when the download fails, keeping nothing (the page error boundary reports it)', async () => {
    preloadFirstPage('/docs', false);
    const failing = downloads.at(-1);
    const settled = firstPageSettled(60_000);
    failing?.settle(new Error('RUNTIME-003 Failed to get manifest'));
    await expect(settled).resolves.toBeUndefined();
    expect(loadedPage('marketing/Docs')).toBeUndefined();
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { createAccount, expect, test } from '@kloof/test-kit/e2e';
import type { Page } from '@playwright/test';
import { kloof, releasedSitePerFile, snapshotBuild } from './release-fixtures';

// One releases folder and one production server for the file: the release test is last.
test.describe.configure({ mode: 'serial' });

// What this file tests goes through the service worker: the config blocks it for the others.
test.use({ serviceWorkers: 'allow' });

const site = releasedSitePerFile('prerender-e2e');

/** Every public page, with its h1 and a sentence of its body, as the product shows them. */
const publicPages = [
  { path: '/', title: 'Kloof Digital: custom software from Cape Town', h1: 'Custom software from Cape Town' },
  { path: '/services', title: 'Services | Kloof Digital', h1: 'Services from first idea' },
  { path: '/docs', title: 'Docs | Kloof Digital', h1: 'Docs: how we work together' },
  { path: '/pricing', title: 'Pricing | Kloof Digital', h1: 'Clear pricing, in rand' },
  { path: '/careers', title: 'Careers | Kloof Digital', h1: 'Careers at a studio that ships' },
  {
    path: '/careers/junior-digital-assistant',
    title: 'Junior Digital Assistant (Intern) | Kloof Digital',
    h1: 'Junior Digital Assistant (Intern)',
  },
  { path: '/contact', title: 'Contact | Kloof Digital', h1: 'Contact us about your project' },
  { path: '/branding', title: 'Branding | Kloof Digital', h1: 'Branding' },
  { path: '/unauthorized', title: 'Access denied | Kloof Digital', h1: 'Access denied' },
] as const;

const attribute = (html: string, pattern: RegExp): string | undefined => pattern.exec(html)?.[1];
const metaContent = (html: string, key: string): string | undefined =>
  attribute(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
const jsonLd = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
const unescape = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

for (const page of publicPages) {
  test(`${page.path} arrives as content: head tags, JSON-LD, critical CSS and the page itself, no script needed`, async () => {
    const response = await fetch(`${site.server.url}${page.path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(attribute(html, /<title>([^<]*)<\/title>/)).toBe(page.title);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaContent(html, 'description')?.length).toBeGreaterThan(20);
    expect(metaContent(html, 'og:title')).toBe(page.title);
    expect(metaContent(html, 'og:description')).toBe(metaContent(html, 'description'));
    expect(metaContent(html, 'og:type')).toMatch(/^(website|article)$/);
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toMatch(new RegExp(`^https?://[^/]+${page.path}$`));
    expect(jsonLd(html).map((data) => data['@type'])).toContain('Organization');
    // Critical CSS of the page, adopted by the client's Emotion cache (same key).
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
    const h1 = attribute(html, /<h1[^>]*>([^<]*)</);
    expect(unescape(h1 ?? '')).toContain(page.h1);
    // Header and footer links are plain links.
    expect(html).toContain('href="/pricing"');
    expect(html).toContain('href="/contact"');
  });
}

test('the job page carries its JobPosting, the not-found page its 404, client-only pages the plain shell', async () => {
  const job = await (await fetch(`${site.server.url}/careers/junior-digital-assistant`)).text();
  const posting = jsonLd(job).find((data) => data['@type'] === 'JobPosting');
  expect(posting).toMatchObject({ title: 'Junior Digital Assistant (Intern)', employmentType: 'INTERN' });
  expect(posting?.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const missing = await fetch(`${site.server.url}/404`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain('Page not found');

  const dashboard = await (await fetch(`${site.server.url}/dashboard`)).text();
  expect(dashboard).toMatch(/<div id="?root"?><\/div>/);
  // The shell the service worker falls back to offline is never a page's (Home's) HTML.
  const shell = await (await fetch(`${site.server.url}/index.html`)).text();
  expect(shell).toMatch(/<div id="?root"?><\/div>/);
});

/** Layout shifts (with the elements that moved), console errors and warnings of one page load. */
async function watch(page: Page): Promise<{ messages: string[]; shifts: () => Promise<string[]> }> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.text()} ${message.location().url}`.trim());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  await page.addInitScript(() => {
    interface Shift {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const w = window as unknown as { layoutShifts: string[] };
    w.layoutShifts = [];
    const describe = (node: Node | null | undefined): string =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).slice(0, 40)}` : ''} "${(node.textContent ?? '').trim().slice(0, 30)}"`
        : String(node?.nodeName ?? 'unknown');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map(
          ({ node, previousRect: a, currentRect: b }) =>
            `${describe(node)} ${Math.round(a.x)},${Math.round(a.y)} ${Math.round(a.width)}x${Math.round(a.height)} -> ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`,
        );
        w.layoutShifts.push(`${location.pathname} ${entry.value.toFixed(5)}: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    messages,
    shifts: () => page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts),
  };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );

for (const scheme of ['light', 'dark'] as const) {
  test(`the client hydrates the prerendered pages in the ${scheme} theme: no error or warning, no layout shift, theme kept`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { messages, shifts } = await watch(page);
    for (const path of ['/', '/pricing', '/careers/junior-digital-assistant', '/unauthorized']) {
      await page.goto(`${site.server.url}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('html').getAttribute('data-theme')).toBe(scheme);
      expect(await shifts(), 'layout shifts').toEqual([]);
      await expect(
        page.getByRole('button', { name: `Switch to ${scheme === 'dark' ? 'light' : 'dark'} theme` }),
      ).toBeVisible();
    }
    // Hydrated for real: the mobile menu and the theme toggle respond.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.getByRole('button', { name: /Switch to/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme === 'dark' ? 'light' : 'dark');
    expect(messages).toEqual([]);
    await context.close();
  });
}

/** The seven public pages of the site's navigation and footer. */
const sitePages = ['/', '/services', '/docs', '/pricing', '/careers', '/contact', '/branding'] as const;

const footerLinks = (html: string): number => (/<footer[\s\S]*<\/footer>/.exec(html)?.[0].match(/<a /g) ?? []).length;

for (const source of ['stored', 'system'] as const) {
  test(`dark theme (${source}): every public page keeps its prerendered footer, hydrates without a React error, and Tab reaches the footer`, async ({
    browser,
  }) => {
    // Stored dark on a light system, or nothing stored on a dark system: the same outcome.
    const context = await browser.newContext({
      colorScheme: source === 'system' ? 'dark' : 'light',
      viewport: { width: 1280, height: 800 },
    });
    if (source === 'stored') await context.addInitScript(() => localStorage.setItem('color-scheme', 'dark'));
    const page = await context.newPage();
    const { messages } = await watch(page);
    for (const path of sitePages) {
      const served = footerLinks(await (await fetch(`${site.server.url}${path}`)).text());
      expect(served, `footer links in the HTML of ${path}`).toBeGreaterThanOrEqual(8);
      await page.goto(`${site.server.url}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      // Unscrolled: the footer is still the server's, whole.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const footer = page.getByRole('contentinfo');
      expect((await footer.textContent())?.trim(), `footer text of ${path}`).not.toBe('');
      await expect(footer.getByRole('link')).toHaveCount(served);
    }
    // From the top of the page, the keyboard walks into the footer (never out to <body> first).
    await page.goto(`${site.server.url}/pricing`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    let landed = '';
    for (let step = 0; step < 200 && !landed; step += 1) {
      await page.keyboard.press('Tab');
      landed = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'body';
        return active.closest('footer') ? 'footer' : '';
      });
    }
    expect(landed).toBe('footer');
    expect(messages).toEqual([]);
    await context.close();
  });
}

test('signed in, every prerendered page shows Go to Dashboard from its first frame, never Login or Sign Up', async ({
  browser,
}) => {
  const account = await createAccount();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { messages } = await watch(page);
  await page.goto(`${site.server.url}/unauthorized`);
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('refreshToken', refreshToken);
  }, account);
  // The first load confirms the session with the API; from then on the browser holds the hint.
  await page.goto(`${site.server.url}/`);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  // Every frame from the first one that has the header: which account links a person could see.
  await page.addInitScript(() => {
    const w = window as unknown as { accountFrames: string[] };
    w.accountFrames = [];
    const visible = (selector: string) =>
      [...document.querySelectorAll(`header ${selector}`)].some((element) => element.getClientRects().length > 0);
    const frame = () => {
      if (document.querySelector('header')) {
        const seen = [
          visible('a[href="/dashboard"]') ? 'dashboard' : '',
          visible('a[href="/auth/login"]') ? 'login' : '',
          visible('a[href="/auth/register"]') ? 'sign-up' : '',
        ].filter(Boolean);
        w.accountFrames.push(seen.join('+'));
      }
      if (w.accountFrames.length < 600) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  for (const path of sitePages) {
    await page.goto(`${site.server.url}${path}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(banner.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
    const frames = await page.evaluate(() => (window as unknown as { accountFrames: string[] }).accountFrames);
    expect(frames.length, `frames recorded on ${path}`).toBeGreaterThan(0);
    expect(new Set(frames), `account links per frame on ${path}`).toEqual(new Set(['dashboard']));
  }
  expect(messages).toEqual([]);
  await context.close();
});

/** The auth pages a visitor opens, prerendered like the public pages, with their h1. */
const authPages = [
  { path: '/auth/login', h1: 'Sign in' },
  { path: '/auth/register', h1: 'Create your account' },
  { path: '/auth/forgetPassword', h1: 'Forgot your password?' },
  { path: '/auth/resetPassword', h1: 'Reset your password' },
  { path: '/auth/account-verification', h1: 'Verify your account' },
  { path: '/auth/resend-verification', h1: 'Verify your e-mail address' },
] as const;

test('the auth pages arrive as content: their form in the HTML, posted never as a URL, the notice without script', async () => {
  for (const page of authPages) {
    const response = await fetch(`${site.server.url}${page.path}`);
    expect(response.status, page.path).toBe(200);
    const html = await response.text();
    expect(html, page.path).toContain(`data-prerendered="${page.path}"`);
    expect(unescape(attribute(html, /<h1[^>]*>([^<]*)</) ?? ''), page.path).toBe(page.h1);
    const forms = html.match(/<form\b[^>]*>/g) ?? [];
    expect(forms.length, `forms of ${page.path}`).toBeGreaterThan(0);
    for (const form of forms) expect(form, page.path).toContain('method="post"');
    expect(html, page.path).toContain('This page needs JavaScript');
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the auth pages hydrate in the ${scheme} theme: no error or warning, no layout shift, the form stays`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { messages, shifts } = await watch(page);
    for (const { path, h1 } of authPages) {
      await page.goto(`${site.server.url}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.locator('main form').first()).toBeVisible();
      expect(await shifts(), `layout shifts on ${path}`).toEqual([]);
    }
    expect(messages).toEqual([]);
    await context.close();
  });
}

test('sign-in sent before the app runs is held, then sent by the app: signed in, nothing posted to the page', async ({
  browser,
}) => {
  const account = await createAccount();
  const context = await browser.newContext();
  const page = await context.newPage();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.isNavigationRequest()) posts.push(request.url());
  });
  // The app's scripts wait until the form has been sent.
  let release = () => undefined as void;
  const sent = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await sent;
    await route.continue();
  });
  await page.goto(`${site.server.url}/auth/login`);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
  release();
  await expect(page).toHaveURL(`${site.server.url}/`);
  expect(await page.evaluate(() => Boolean(localStorage.getItem('accessToken')))).toBe(true);
  expect(posts).toEqual([]);
  await context.close();
});

test('after hydration the prerendered sign-in works; a signed-in user who opens it is sent away', async ({
  browser,
}) => {
  const account = await createAccount();
  const context = await browser.newContext();
  const page = await context.newPage();
  const { messages } = await watch(page);
  await page.goto(`${site.server.url}/auth/login`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${site.server.url}/`);
  // Signed in now: the guest-only pages send this user on (to / on a first page of a visit).
  for (const path of ['/auth/login', '/auth/register']) {
    await page.goto(`${site.server.url}${path}`);
    await expect(page).toHaveURL(`${site.server.url}/`);
  }
  expect(messages).toEqual([]);
  await context.close();
});

test('with JavaScript disabled an auth page says it needs JavaScript and shows no form to fill in for nothing', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/auth/login`);
  await expect(page.getByRole('heading', { name: 'This page needs JavaScript' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeHidden();
  await context.close();
});

test('a prerendered page paints before it asks for any script; then it hydrates', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The moment of the first frame that had the page's heading in it.
  await page.addInitScript(() => {
    const w = window as unknown as { contentFrame?: number };
    const frame = () => {
      if (document.querySelector('main h1')) w.contentFrame = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.goto(`${site.server.url}/services`);
  await hydrated(page);
  const { contentFrame, scripts } = await page.evaluate(() => ({
    contentFrame: (window as unknown as { contentFrame?: number }).contentFrame,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name, start: entry.startTime })),
  }));
  expect(contentFrame).toBeDefined();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.start < contentFrame!)).toEqual([]);
  await context.close();
});

test('with JavaScript disabled the pages are readable and their links navigate', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Custom software from Cape Town');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(`${site.server.url}/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clear pricing, in rand');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Careers');
  await context.close();
});

test('with JavaScript disabled at 375 px the mobile menu opens as plain HTML and its links navigate', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/`);
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(page.locator(`#${await toggle.getAttribute('aria-controls')}`).getByRole('link')).toHaveText([
    'Home',
    'Services',
    'Docs',
    'Pricing',
    'Careers',
    'Contact',
    'Login',
    'Sign Up',
  ]);
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(`${site.server.url}/pricing`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clear pricing, in rand');
  await expect(menu).toBeHidden();
  // From the keyboard as well: the toggle is reached with Tab and opens with Enter.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await context.close();
});

test('a menu opened as plain HTML before hydration stays open, then works as the React menu', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/#mobile-menu`);
  await hydrated(page);
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await context.close();
});

test('below the fold the footer hydrates when it comes near the viewport; its links then navigate in the app', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const { messages } = await watch(page);
  await page.goto(`${site.server.url}/`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  // A marker that survives only a navigation inside the app (no new document).
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const footer = page.getByRole('contentinfo');
  const link = footer.getByRole('link', { name: 'Careers' });
  const linkHydrated = () =>
    link.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')));
  // Far below the first screen: still the server's HTML, React has not touched it.
  expect(await linkHydrated()).toBe(false);
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(linkHydrated).toBe(true);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Careers');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(messages).toEqual([]);
  await context.close();
});

/** The worker's stored pages: each path, its Vary header and the path it was prerendered for. */
function storedPages(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const cache = await caches.open('kloof-pages');
    const lines: string[] = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request, { ignoreVary: true });
      const html = (await response?.text()) ?? '';
      const prerendered = /data-prerendered="([^"]*)"/.exec(html)?.[1] ?? 'none';
      lines.push(`${request.url} vary=${response?.headers.get('vary')} prerendered=${prerendered}`);
    }
    return lines.join('\n');
  });
}

test('after one visit a public page reloads offline as its own prerendered HTML; a page of another URL never gets it', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.server.url}/pricing`);
  await hydrated(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The worker stores the page under its own path, and the shell (no page in it) apart from it.
  await page.waitForFunction(async () => {
    const cache = await caches.open('kloof-pages');
    const pricing = await cache.match(`${location.origin}/pricing`);
    const shell = await cache.match(`${location.origin}/index.html`);
    if (!pricing || !shell) return false;
    return (
      (await pricing.text()).includes('data-prerendered="/pricing"') &&
      !(await shell.text()).includes('data-prerendered')
    );
  });
  // ...and every script and pointer file the page loaded (its config, registry and remote
  // manifests: without them the reload cannot find the remote), handed over by the first visit.
  await page.waitForFunction(async () => {
    const cached = new Set<string>();
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) cached.add(request.url);
    }
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\.(js|json)$/.test(new URL(entry.name).pathname));
    return scripts.every((entry) => cached.has(entry.name));
  });

  const before = await storedPages(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clear pricing, in rand');
  const servedFor = await page.locator('#root').getAttribute('data-prerendered');
  // On failure, what the worker held before and after the reload says which way it went wrong.
  expect(servedFor, `pages cache before the reload:\n${before}\nafter:\n${await storedPages(page)}`).toBe('/pricing');
  await hydrated(page);
  await context.close();
});

/**
 * A marketing build whose Pricing page says something else, in its browser and its server build
 * alike (brotli copies rewritten), as a team's real change would.
 */
async function buildWithPricingTitle(title: string): Promise<string> {
  const target = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-build-marketing-text-'));
  await fs.cp(await snapshotBuild('marketing', 'remotes/marketing'), target, { recursive: true });
  let changed = 0;
  for (const file of await fs.readdir(target, { recursive: true })) {
    if (!file.endsWith('.js')) continue;
    const full = path.join(target, file);
    const text = await fs.readFile(full, 'utf8');
    if (!text.includes('Clear pricing, in rand')) continue;
    await fs.writeFile(full, text.replaceAll('Clear pricing, in rand', title));
    if (await fs.stat(`${full}.br`).catch(() => null))
      await fs.writeFile(`${full}.br`, brotliCompressSync(await fs.readFile(full)));
    changed += 1;
  }
  expect(changed).toBeGreaterThanOrEqual(2); // the browser chunk and the server chunk
  return target;
}

test('releasing marketing serves its new HTML on the next request; a rollback brings the old HTML back', async () => {
  const pricing = async () => (await fetch(`${site.server.url}/pricing`)).text();
  expect(await pricing()).toContain('Clear pricing, in rand');

  await kloof(site.dir, 'release', 'marketing', '--from', await buildWithPricingTitle('Pricing in rand, per project'));
  const released = await pricing();
  expect(released).toContain('Pricing in rand, per project');
  expect(released).not.toContain('Clear pricing, in rand');

  await kloof(site.dir, 'rollback', 'marketing');
  expect(await pricing()).toContain('Clear pricing, in rand');
});

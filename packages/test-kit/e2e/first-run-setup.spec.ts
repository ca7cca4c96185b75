import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiServerEnv, e2e } from './environment';
import { scaled } from '../slowdown.js';

// A site with no SuperAdmin yet: its own API (a fresh data folder, no ADMIN_EMAIL) and web server,
// as an operator's first `pnpm start` is. The shared browser-test API already has its SuperAdmin.
test.describe.configure({ mode: 'serial' });

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A built server (`pnpm build:servers`, the browser tests' global setup), everything it prints kept. */
function startProcess(main: string, args: string[], env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, main), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { output: () => output, stop };
}

const site: { link: string; token: string; logs: () => string; stop: () => Promise<void>; dataDir: string } = {
  link: '',
  token: '',
  logs: () => '',
  stop: async () => {},
  dataDir: '',
};

test.beforeAll(async () => {
  test.setTimeout(scaled(120_000)); // a first start runs initdb
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const siteUrl = `http://localhost:${webPort}`;
  site.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-first-run-'));
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...withoutAdmin } = apiServerEnv();
  const api = startProcess('packages/api-server/dist/main.js', [], {
    ...withoutAdmin,
    PORT: String(apiPort),
    DATA_DIR: path.join(site.dataDir, 'pglite'),
    SITE_URL: siteUrl,
    APP_URL: siteUrl,
    CORS_ORIGINS: siteUrl,
    // Request lines too: the token must be in none of them.
    LOG_LEVEL: 'info',
  });
  const web = startProcess('packages/web-server/dist/main.js', ['--dist', '--port', String(webPort)], {
    API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
    TELEMETRY_SECRET: e2e.telemetrySecret,
  });
  site.logs = () => api.output() + web.output();
  site.stop = async () => {
    await Promise.all([api.stop(), web.stop()]);
  };
  await expect
    .poll(() => /"setupLink":"([^"]+)"/.exec(api.output())?.[1] ?? '', { timeout: scaled(100_000) })
    .toMatch(new RegExp(`^${siteUrl}/setup#\\S+$`));
  site.link = /"setupLink":"([^"]+)"/.exec(api.output())![1]!;
  site.token = site.link.split('#')[1]!;
  await expect.poll(() => web.output(), { timeout: scaled(30_000) }).toContain('is running at');
});
test.afterAll(async () => {
  await site.stop();
  await fs.rm(site.dataDir, { recursive: true, force: true });
});

const account = { email: 'owner@first-run.example', username: 'owner', password: 'first run passphrase' };

async function fillIn(page: import('@playwright/test').Page) {
  await page.getByRole('textbox', { name: /^E-mail address/ }).fill(account.email);
  await page.getByRole('textbox', { name: /^Username/ }).fill(account.username);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel(/^Repeat password/).fill(account.password);
  await page.getByRole('button', { name: 'Create SuperAdmin' }).click();
}

test('the start-up link makes the first SuperAdmin in the browser, who then signs in', async ({ page }) => {
  await page.goto(site.link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up Kloof Digital' })).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toBe(''); // out of the address bar and history
  await fillIn(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByRole('textbox', { name: /^E-mail address/ }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const roles = await page.evaluate(async () => {
    const me = await fetch('/v1/current-user', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return ((await me.json()) as { roles: string[] }).roles;
  });
  expect(roles).toContain('SuperAdmin');
});

test('a second visit of the link is refused: setup is done, with the way to sign in', async ({ page }) => {
  await page.goto(site.link);
  await fillIn(page);
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Setup is done');
  await expect(page.getByRole('link', { name: 'Go to sign-in' })).toBeVisible();
});

test('the token appears in no log line but the start-up link', () => {
  const carrying = site
    .logs()
    .split('\n')
    .filter((line) => line.includes(site.token));
  expect(carrying).toHaveLength(1);
  expect(carrying[0]).toContain(`"setupLink":"${site.link}"`);
});

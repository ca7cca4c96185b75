import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ReleaseError } from '../releases/apps';
import type { ReleasesLayout } from '../releases/layout';
import { readLive } from '../releases/registry';

/** The apps whose versions together make the public pages: the host's shell and the marketing pages. */
export const PAGE_APPS = ['host', 'marketing'] as const;

/** One prerendered page as stored: its URL path, its file in the pages folder, its status. */
export interface StoredPage {
  path: string;
  file: string;
  status: number;
}

/** Where each app's server build lives inside its release. */
const HOST_SERVER_MAIN = path.join('server', 'main.js');
const REMOTE_SERVER_ENTRY = path.join('server', 'remoteEntry.js');
const RENDER_PROCESS = path.join(import.meta.dirname, 'render-process.mjs');

/** The site's public origin for canonical and Open Graph URLs. */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SITE_URL ?? 'https://kloofdigital.co.za').replace(/\/$/, '');
}

/**
 * The pages of one host version with one marketing version, beside the releases they belong to:
 * `pages/host-<version>+marketing-<version>/`. A rollback of either app points back at a pair
 * that was rendered when it was live, so its HTML comes back with it.
 */
export function pagesDir(layout: ReleasesLayout, host: string, marketing: string): string {
  return path.join(layout.root, 'pages', `host-${host}+marketing-${marketing}`);
}

function readPageList(dir: string): StoredPage[] | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'pages.json'), 'utf8')) as StoredPage[];
  } catch {
    return null;
  }
}

export type PrerenderOutcome =
  { kind: 'rendered' | 'kept'; dir: string; pages: number } | { kind: 'skipped'; reason: string };

function runRenderProcess(jobFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RENDER_PROCESS, jobFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new ReleaseError(`Prerendering the public pages failed:\n${stderr.trim()}`)),
    );
  });
}

/**
 * Renders the public pages of a host version with a marketing version (both stored releases),
 * unless that pair is rendered already. Builds without a server build (older releases) are
 * skipped: their pages stay client-rendered.
 */
export async function prerenderPair(
  layout: ReleasesLayout,
  versions: { host: string; marketing: string },
  options: { origin?: string } = {},
): Promise<PrerenderOutcome> {
  const dir = pagesDir(layout, versions.host, versions.marketing);
  const existing = readPageList(dir);
  if (existing) return { kind: 'kept', dir, pages: existing.length };
  const hostDir = layout.versionDir('host', versions.host);
  const hostServerMain = path.join(hostDir, HOST_SERVER_MAIN);
  const marketingServer = path.join(layout.versionDir('marketing', versions.marketing), REMOTE_SERVER_ENTRY);
  if (!fs.existsSync(hostServerMain)) return { kind: 'skipped', reason: `host ${versions.host} has no server build` };
  if (!fs.existsSync(marketingServer)) {
    return { kind: 'skipped', reason: `marketing ${versions.marketing} has no server build` };
  }

  const staging = `${dir}.incoming-${randomBytes(6).toString('hex')}`;
  const jobFile = path.join(os.tmpdir(), `kloof-prerender-${randomBytes(6).toString('hex')}.json`);
  await fsp.mkdir(staging, { recursive: true });
  try {
    const job = {
      hostServerMain,
      remoteServerDirs: { marketing: path.dirname(marketingServer) },
      indexHtml: await fsp.readFile(path.join(hostDir, 'index.html'), 'utf8'),
      origin: options.origin ?? siteOrigin(),
      outDir: staging,
    };
    await fsp.writeFile(jobFile, JSON.stringify(job));
    await runRenderProcess(jobFile);
    await fsp.rename(staging, dir);
    return { kind: 'rendered', dir, pages: readPageList(dir)?.length ?? 0 };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    await fsp.rm(jobFile, { force: true });
  }
}

/**
 * Before an app's pointer moves to `version`: the public pages of the versions that will then be
 * live, rendered and stored, so the next request after the change gets their HTML.
 */
export async function prerenderForChange(
  layout: ReleasesLayout,
  app: string,
  version: string,
  options: { origin?: string } = {},
): Promise<PrerenderOutcome | null> {
  if (!(PAGE_APPS as readonly string[]).includes(app)) return null;
  const live = await readLive(layout);
  const host = app === 'host' ? version : live.host?.version;
  const marketing = app === 'marketing' ? version : live.marketing?.version;
  if (!host || !marketing) return { kind: 'skipped', reason: `no live ${host ? 'marketing' : 'host'} yet` };
  // A marketing remote published on another origin is not in this releases folder.
  if (live.marketing?.origin && app !== 'marketing') {
    return { kind: 'skipped', reason: 'marketing is published elsewhere' };
  }
  return prerenderPair(layout, { host, marketing }, options);
}

/** The stored pages of the live host and marketing versions: URL path -> page (empty when none). */
export function livePageList(
  layout: ReleasesLayout,
  host: string | null,
  marketing: string | null,
): Map<string, StoredPage & { dir: string }> {
  if (!host || !marketing) return new Map();
  const dir = pagesDir(layout, host, marketing);
  return new Map((readPageList(dir) ?? []).map((page) => [page.path, { ...page, dir }]));
}

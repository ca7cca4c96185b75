import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ReleaseError } from '../releases/apps';
import { precompressFolder } from '../releases/precompress';
import type { RegistryDocument } from '@kloof/release-registry';
import { PAGE_LIST_FILE, PAGE_REMOTES, pagesPairName, SITE_FILE, type PageRemote } from '@kloof/release-store/folder';
import { siteAddress, type SiteSettings } from '@kloof/settings';
import { releaseToolEnvironment } from '../settings';
import type { ReleaseStore } from '../storage/release-store';
import { storeOf, type ReleaseTarget } from '../storage/target';

/** Where each app's server build lives inside its release. */
const HOST_SERVER_MAIN = path.join('server', 'main.js');
const REMOTE_SERVER_ENTRY = path.join('server', 'remoteEntry.js');
const RENDER_PROCESS = path.join(import.meta.dirname, 'render-process.mjs');

/**
 * The site's public origin for canonical, Open Graph and Organization URLs: the site's address
 * every part shares (SITE_URL, e.g. https://staging.example.com, else http://localhost:<WEB_PORT>,
 * where `pnpm start` serves it). An origin only: the pages are served from its root.
 */
export function siteOrigin(site: SiteSettings = releaseToolEnvironment().site): string {
  return siteAddress(site);
}

/** `dir`: the pair's pages folder name (in the releases folder or bucket under pages/). */
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
 * Renders the pages of a host version with a version of one page remote (both stored releases),
 * unless that pair is rendered already for the same site origin (a changed SITE_URL renders them
 * again). Builds without a server build (older releases) are skipped: their pages stay
 * client-rendered.
 */
export async function prerenderPair(
  target: ReleaseTarget,
  versions: { host: string; remote: PageRemote; version: string },
  options: { origin?: string } = {},
): Promise<PrerenderOutcome> {
  const store = storeOf(target);
  const { remote } = versions;
  const pair = pagesPairName(versions.host, remote, versions.version);
  const dir = `pages/${pair}`;
  const origin = options.origin ?? siteOrigin();
  const existing = await store.pagesInfo(pair);
  if (existing && existing.origin === origin) return { kind: 'kept', dir, pages: existing.pages };
  const hostDir = await store.localVersion('host', versions.host);
  const remoteDir = await store.localVersion(remote, versions.version);
  const hostServerMain = hostDir && path.join(hostDir, HOST_SERVER_MAIN);
  const remoteServer = remoteDir && path.join(remoteDir, REMOTE_SERVER_ENTRY);
  if (!hostServerMain || !fs.existsSync(hostServerMain)) {
    return { kind: 'skipped', reason: `host ${versions.host} has no server build` };
  }
  if (!remoteServer || !fs.existsSync(remoteServer)) {
    return { kind: 'skipped', reason: `${remote} ${versions.version} has no server build` };
  }

  const staging = await store.stagingDir();
  const jobFile = path.join(os.tmpdir(), `kloof-prerender-${randomBytes(6).toString('hex')}.json`);
  try {
    const job = {
      hostServerMain,
      remote,
      remoteServerDirs: { [remote]: path.dirname(remoteServer) },
      indexHtml: await fsp.readFile(path.join(hostDir!, 'index.html'), 'utf8'),
      origin,
      outDir: staging,
    };
    await fsp.writeFile(jobFile, JSON.stringify(job));
    await runRenderProcess(jobFile);
    await fsp.writeFile(path.join(staging, SITE_FILE), `${JSON.stringify({ origin })}\n`);
    // Each page goes out as stored: its .br and .gz are written before the pages are stored.
    await precompressFolder(staging);
    const pages = (JSON.parse(await fsp.readFile(path.join(staging, PAGE_LIST_FILE), 'utf8')) as unknown[]).length;
    await store.storePages(pair, staging);
    return { kind: 'rendered', dir, pages };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    await fsp.rm(jobFile, { force: true });
  }
}

/**
 * Before an app's pointer moves to `version`: the prerendered pages of the versions that will then
 * be live (read from the registry the change holds under the lock), rendered and stored, so the
 * next request after the change gets their HTML. A host renders with every page remote; a page
 * remote with the live host. One outcome per pair; null when the app has no prerendered pages.
 */
export async function prerenderForChange(
  store: ReleaseStore,
  app: string,
  version: string,
  registry: RegistryDocument,
  options: { origin?: string } = {},
): Promise<PrerenderOutcome[] | null> {
  const remotes = app === 'host' ? PAGE_REMOTES : PAGE_REMOTES.filter((remote) => remote === app);
  if (!remotes.length) return null;
  const live = registry.apps;
  const host = app === 'host' ? version : live.host?.stable?.version;
  const outcomes: PrerenderOutcome[] = [];
  for (const remote of remotes) {
    const remoteVersion = app === remote ? version : live[remote]?.stable?.version;
    if (!host || !remoteVersion) {
      outcomes.push({ kind: 'skipped', reason: `no live ${host ? remote : 'host'} yet` });
    } else if (live[remote]?.origin && app !== remote) {
      // A remote published on another origin is not in this releases folder.
      outcomes.push({ kind: 'skipped', reason: `${remote} is published elsewhere` });
    } else {
      outcomes.push(await prerenderPair(store, { host, remote, version: remoteVersion }, options));
    }
  }
  return outcomes;
}

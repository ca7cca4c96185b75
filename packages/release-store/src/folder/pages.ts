import fs from 'node:fs';
import path from 'node:path';
import type { ReleasesLayout } from './layout';
import { isStoredName, storedPath } from './stored-path';

/**
 * The remotes whose pages are prerendered, each rendered with the host into a folder of its own:
 * marketing (the public pages, plus the host's own access denied and not-found pages) and auth
 * (sign-in, sign-up, forgotten and reset password, verification).
 */
export const PAGE_REMOTES = ['marketing', 'auth'] as const;
export type PageRemote = (typeof PAGE_REMOTES)[number];

/** The apps whose versions make prerendered pages: the host's shell and the page remotes. */
export const PAGE_APPS = ['host', ...PAGE_REMOTES] as const;

/** One prerendered page as stored: its URL path, its file in the pages folder, its status. */
export interface StoredPage {
  path: string;
  file: string;
  status: number;
}

/** The list of a pages folder and the origin its pages were rendered for, kept beside them. */
export const PAGE_LIST_FILE = 'pages.json';
export const SITE_FILE = 'site.json';

/**
 * The pages of one host version with one version of a page remote, beside the releases they
 * belong to: `pages/host-<version>+marketing-<version>/`, `pages/host-<version>+auth-<version>/`.
 * A rollback of either app points back at a pair that was rendered when it was live, so its HTML
 * comes back with it.
 */
export function pagesDir(layout: ReleasesLayout, host: string, remote: string, remoteVersion: string): string {
  return storedPath(path.join(layout.root, 'pages'), pagesPairName(host, remote, remoteVersion));
}

/** The name of a pair's pages folder (a key prefix in a bucket). */
export const pagesPairName = (host: string, remote: string, remoteVersion: string): string =>
  `host-${host}+${remote}-${remoteVersion}`;

export function readPageList(dir: string): StoredPage[] | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, PAGE_LIST_FILE), 'utf8')) as StoredPage[];
  } catch {
    return null;
  }
}

/** The stored pages of a host and page-remote pair: URL path -> page (empty when none). */
export function pagesOfPair(
  layout: ReleasesLayout,
  host: string | null,
  remote: string,
  remoteVersion: string | null,
): Map<string, StoredPage & { dir: string }> {
  if (!host || !remoteVersion) return new Map();
  const dir = pagesDir(layout, host, remote, remoteVersion);
  // A page whose file is not a plain name inside its folder (a tampered list) is never served.
  const pages = (readPageList(dir) ?? []).filter((page) => isStoredName(page.file));
  return new Map(pages.map((page) => [page.path, { ...page, dir }]));
}

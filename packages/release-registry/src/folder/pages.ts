import fs from 'node:fs';
import path from 'node:path';
import type { ReleasesLayout } from './layout';

/** The apps whose versions together make the public pages: the host's shell and the marketing pages. */
export const PAGE_APPS = ['host', 'marketing'] as const;

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
 * The pages of one host version with one marketing version, beside the releases they belong to:
 * `pages/host-<version>+marketing-<version>/`. A rollback of either app points back at a pair
 * that was rendered when it was live, so its HTML comes back with it.
 */
export function pagesDir(layout: ReleasesLayout, host: string, marketing: string): string {
  return path.join(layout.root, 'pages', `host-${host}+marketing-${marketing}`);
}

export function readPageList(dir: string): StoredPage[] | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, PAGE_LIST_FILE), 'utf8')) as StoredPage[];
  } catch {
    return null;
  }
}

/** The stored pages of a host and marketing pair: URL path -> page (empty when none). */
export function pagesOfPair(
  layout: ReleasesLayout,
  host: string | null,
  marketing: string | null,
): Map<string, StoredPage & { dir: string }> {
  if (!host || !marketing) return new Map();
  const dir = pagesDir(layout, host, marketing);
  return new Map((readPageList(dir) ?? []).map((page) => [page.path, { ...page, dir }]));
}

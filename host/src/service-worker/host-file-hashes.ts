import { fileKind } from '@kloof/apps/cache-contract';
import type { PinnedHashes } from './verified-cache-first';

/** One file of the host build as the worker's precache list names it (see packages/federation's service worker plugin). */
export interface HostFileEntry {
  url: string;
  integrity?: string;
}

/**
 * The host's own files and the SHA-384 its build pinned each to: the precache list compiled into
 * sw.js (served no-cache, so the pins are those of the host release that is live). Kept free of
 * worker globals so it is unit tested.
 */
export class HostFileHashes implements PinnedHashes {
  private readonly pins: ReadonlyMap<string, string>;

  /** `entries` as the build wrote them (URLs relative to the worker's own URL, `base`). */
  constructor(entries: readonly (string | HostFileEntry)[], base: string) {
    this.pins = new Map(
      entries.flatMap((entry) =>
        typeof entry === 'object' && entry.integrity ? [[new URL(entry.url, base).href, entry.integrity]] : [],
      ),
    );
  }

  /** Every pinned host file, to be stored when the worker installs. */
  get urls(): string[] {
    return [...this.pins.keys()];
  }

  /** Whether a URL is one of the host's content-hashed files: on the site, outside any remote's folder. */
  static isHostFile(url: URL, siteOrigin: string): boolean {
    if (url.origin !== siteOrigin || url.pathname.startsWith('/remotes/')) return false;
    return fileKind(url.pathname.slice(url.pathname.lastIndexOf('/') + 1)) === 'hashed';
  }

  isPinned(href: string): boolean {
    return this.pins.has(pinKey(href));
  }

  async of(href: string): Promise<string | undefined> {
    return this.pins.get(pinKey(href));
  }

  /** The pins are compiled into the worker: nothing to read again. */
  forget(): void {}
}

/** A file's pin is found by its URL alone (a query or fragment names the same file). */
function pinKey(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}

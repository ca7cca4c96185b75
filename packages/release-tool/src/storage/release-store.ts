import type { HistoryEntry } from '../releases/history';
import type { Registry } from '../releases/registry';

/** registry.json as read, with what a conditional write of the next one must name. */
export interface PointerRead {
  registry: Registry;
  /** The ETag (bucket) or content hash (folder) read; null when there is no registry.json yet. */
  tag: string | null;
}

/** The pages rendered for one host and page-remote pair, as stored. */
export interface StoredPagesInfo {
  pages: number;
  /** The site origin they were rendered for (site.json). */
  origin: string | null;
}

/**
 * Where releases are kept: a folder (the default) or an S3-compatible bucket. Every release step
 * is written once on top of this. Immutable files are stored first; registry.json, the pointer,
 * is written last and only if it is still the one the change was planned from.
 */
export interface ReleaseStore {
  /** Where, for messages: "/path/to/releases" or "s3://bucket/prefix/ at https://…". */
  describe(): string;
  /**
   * Runs a whole change (or a prune) so that concurrent ones cannot interleave wrongly: the folder
   * under its lock; a bucket without one (its pointer write is conditional, a lost race is re-planned).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  readPointer(): Promise<PointerRead>;
  /**
   * Writes registry.json if it is still the one read as `tag` (none yet: `null`), then appends the
   * history line. Throws PointerMovedError, and writes nothing, when another change came first.
   */
  commit(registry: Registry, tag: string | null, historyLine: string): Promise<void>;
  /** Every recorded change, oldest first. */
  readHistory(): Promise<HistoryEntry[]>;
  /** One history line (prune's deletions: no pointer moves). */
  appendHistory(line: string): Promise<void>;
  /** Completely stored version names of an app, oldest first. */
  versions(app: string): Promise<string[]>;
  /** A local folder with one stored version's files to read (the gate, hashes, prerender); null when not stored. */
  localVersion(app: string, version: string): Promise<string | null>;
  /** A fresh empty local folder for a build or pages on their way in (removed by the caller). */
  stagingDir(): Promise<string>;
  /** Stores a staged build (precompressed already) as an immutable version. */
  storeVersion(app: string, version: string, staged: string): Promise<void>;
  deleteVersion(app: string, version: string): Promise<void>;
  /** The pages of a pair as stored, or null when none are. */
  pagesInfo(pair: string): Promise<StoredPagesInfo | null>;
  /** Stores rendered pages (precompressed already) for a pair, replacing what was there. */
  storePages(pair: string, staged: string): Promise<void>;
  /** The pairs that have pages stored (whole or part-way). */
  pagePairs(): Promise<string[]>;
  /** Deletes a pair's pages: its page list first, so readers no longer take it while the rest goes. */
  deletePages(pair: string): Promise<void>;
}

/** A conditional write of registry.json lost: another change wrote it since it was read. */
export class PointerMovedError extends Error {
  override name = 'PointerMovedError';
}

import type { UseStore } from 'idb-keyval';

/** Bounds of what is kept, so years of use never fill the disk: the newest reads win. */
export const SAVED_READS_LIMITS = {
  /** Reads kept at most. */
  entries: 100,
  /** Bytes (of the answer as JSON) kept at most, all reads together. */
  bytes: 5 * 1024 * 1024,
  /** One answer larger than this is never kept. */
  entryBytes: 1024 * 1024,
  /** A copy older than this is neither shown nor kept. */
  ageMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** A read as it was answered, and when. */
export interface SavedRead {
  savedAt: number;
  data: unknown;
}

/** What is kept, for whom: one user's reads at a time (another user's are dropped on the first write). */
interface Index {
  user: string;
  entries: Record<string, { savedAt: number; bytes: number }>;
}

const INDEX_KEY = 'index';
const dataKey = (user: string, key: string) => `read ${user} ${key}`;

type Keyval = typeof import('idb-keyval');
export interface SavedReads {
  get(user: string, key: string, now?: number): Promise<SavedRead | null>;
  put(user: string, key: string, data: unknown, now?: number): Promise<void>;
  /** Deletes every read of every user (the session ended). */
  clear(): Promise<void>;
}

/** The entries to keep once `key` was added: none too old, then the newest within the count and byte bounds. */
export function withinBounds(entries: Index['entries'], now: number): { keep: Index['entries']; drop: string[] } {
  const newestFirst = Object.entries(entries).sort(([, a], [, b]) => b.savedAt - a.savedAt);
  const keep: Index['entries'] = {};
  const drop: string[] = [];
  let bytes = 0;
  let count = 0;
  for (const [key, entry] of newestFirst) {
    const fits =
      now - entry.savedAt < SAVED_READS_LIMITS.ageMs &&
      count < SAVED_READS_LIMITS.entries &&
      bytes + entry.bytes <= SAVED_READS_LIMITS.bytes;
    if (fits) {
      keep[key] = entry;
      bytes += entry.bytes;
      count += 1;
    } else {
      drop.push(key);
    }
  }
  return { keep, drop };
}

/**
 * The screens' reads kept in IndexedDB for offline, keyed by user: a read is found only under the
 * user who made it. `storeName` lets tests keep theirs apart.
 */
export function createSavedReads(databaseName = 'kloof-saved-reads'): SavedReads {
  // Loaded with the first signed-in read (a visitor's first load never needs it).
  let keyval: Promise<{ idb: Keyval; store: UseStore } | null> | undefined;
  const open = () => {
    keyval ??=
      typeof indexedDB === 'undefined'
        ? Promise.resolve(null)
        : import('idb-keyval').then((idb) => ({ idb, store: idb.createStore(databaseName, 'reads') }));
    return keyval;
  };

  return {
    async get(user, key, now = Date.now()) {
      const where = await open();
      if (!where) return null;
      const saved = await where.idb.get<SavedRead>(dataKey(user, key), where.store).catch(() => undefined);
      return saved && now - saved.savedAt < SAVED_READS_LIMITS.ageMs ? saved : null;
    },
    async put(user, key, data, now = Date.now()) {
      const bytes = JSON.stringify(data)?.length ?? 0;
      if (bytes > SAVED_READS_LIMITS.entryBytes) return;
      const where = await open();
      if (!where) return;
      let dropped: string[] = [];
      await where.idb
        .update<Index>(
          INDEX_KEY,
          (index) => {
            const mine = index?.user === user ? index.entries : {};
            // Another user's reads go as soon as this one's are kept.
            const others =
              index && index.user !== user ? Object.keys(index.entries).map((k) => dataKey(index.user, k)) : [];
            const { keep, drop } = withinBounds({ ...mine, [key]: { savedAt: now, bytes } }, now);
            dropped = [...others, ...drop.map((k) => dataKey(user, k))];
            return { user, entries: keep };
          },
          where.store,
        )
        .catch(() => undefined);
      await where.idb
        .set(dataKey(user, key), { savedAt: now, data } satisfies SavedRead, where.store)
        .catch(() => undefined);
      if (dropped.length) await where.idb.delMany(dropped, where.store).catch(() => undefined);
    },
    async clear() {
      const where = await open();
      if (where) await where.idb.clear(where.store).catch(() => undefined);
    },
  };
}

/** The page's one store of saved reads. */
export const savedReads: SavedReads = createSavedReads();

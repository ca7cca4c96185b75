import type { UseStore } from 'idb-keyval';
import type { Tokens } from '@kloof/api-contract';

/**
 * The last rotation: which refresh token was spent, and the pair it gave. Written before the
 * refresh lock is let go, read by the next holder of the lock in any tab.
 *
 * Why not localStorage alone: a tab that takes the lock may not see another tab's localStorage
 * write yet (Chromium hands storage changes to other tabs on their own channel, unordered with the
 * lock), and would spend the old refresh token a second time. IndexedDB commits before the lock
 * is released, so the next holder reads it.
 */
export interface Rotation {
  from: string;
  tokens: Tokens;
}

const KEY = 'last-rotation';
type Keyval = typeof import('idb-keyval');
// Loaded with the first refresh (a visitor's first load never needs it).
let keyval: Promise<{ idb: Keyval; store: UseStore } | null> | undefined;

function ledger(): Promise<{ idb: Keyval; store: UseStore } | null> {
  keyval ??=
    typeof indexedDB === 'undefined'
      ? Promise.resolve(null)
      : import('idb-keyval').then((idb) => ({ idb, store: idb.createStore('kloof-auth', 'rotations') }));
  return keyval;
}

/** The pair that replaced `refreshToken`, when the last rotation in any tab spent it. */
export async function rotatedFrom(refreshToken: string): Promise<Tokens | null> {
  const where = await ledger();
  if (!where) return null;
  const last = await where.idb.get<Rotation>(KEY, where.store).catch(() => undefined);
  return last?.from === refreshToken ? last.tokens : null;
}

/** Records a rotation; resolves once committed (storage refused: nothing recorded, as before). */
export async function recordRotation(rotation: Rotation): Promise<void> {
  const where = await ledger();
  if (where) await where.idb.set(KEY, rotation, where.store).catch(() => undefined);
}

/** Forgets the last rotation (the session ended: its tokens must not come back). */
export async function forgetRotation(): Promise<void> {
  const where = await ledger();
  if (where) await where.idb.del(KEY, where.store).catch(() => undefined);
}

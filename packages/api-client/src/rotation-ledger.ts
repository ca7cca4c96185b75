import { createStore, del, get, set, type UseStore } from 'idb-keyval';
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
let store: UseStore | null | undefined;

function ledger(): UseStore | null {
  if (store === undefined) {
    store = typeof indexedDB === 'undefined' ? null : createStore('kloof-auth', 'rotations');
  }
  return store;
}

/** The pair that replaced `refreshToken`, when the last rotation in any tab spent it. */
export async function rotatedFrom(refreshToken: string): Promise<Tokens | null> {
  const where = ledger();
  if (!where) return null;
  const last = await get<Rotation>(KEY, where).catch(() => undefined);
  return last?.from === refreshToken ? last.tokens : null;
}

/** Records a rotation; resolves once committed (storage refused: nothing recorded, as before). */
export async function recordRotation(rotation: Rotation): Promise<void> {
  const where = ledger();
  if (where) await set(KEY, rotation, where).catch(() => undefined);
}

/** Forgets the last rotation (the session ended: its tokens must not come back). */
export async function forgetRotation(): Promise<void> {
  const where = ledger();
  if (where) await del(KEY, where).catch(() => undefined);
}

import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { ReleasesLayout } from '@kloof/release-store/folder';

/**
 * Runs a read-modify-write of the pointers with the releases folder locked, so concurrent
 * releases and rollbacks (several terminals, CI jobs) happen one after the other.
 */
export async function withReleasesLock<T>(layout: ReleasesLayout, work: () => Promise<T>): Promise<T> {
  await fs.mkdir(layout.root, { recursive: true });
  const release = await lockfile.lock(layout.root, {
    lockfilePath: path.join(layout.root, '.lock'),
    stale: 10_000,
    retries: { retries: 200, minTimeout: 10, maxTimeout: 100, factor: 1.2, randomize: true },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}

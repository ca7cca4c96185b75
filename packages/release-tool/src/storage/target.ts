import type { ReleasesLayout } from '@kloof/release-store/folder';
import { folderStore } from './folder-store';
import type { ReleaseStore } from './release-store';

/** What the release functions take: a store, or a releases folder's layout (the folder store). */
export type ReleaseTarget = ReleasesLayout | ReleaseStore;

export function storeOf(target: ReleaseTarget): ReleaseStore {
  return 'registryFile' in target ? folderStore(target) : target;
}

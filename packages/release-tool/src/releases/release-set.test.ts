import { describe } from '@jest/globals';
import { folderStore } from '../storage/folder-store';
import { freshReleases } from '../../testing/build-fixtures';
import { releaseSetBehaviour } from '../../testing/release-set-behaviour';

describe('release sets in a releases folder', () => {
  releaseSetBehaviour(async () => {
    const { work, layout } = await freshReleases();
    return { work, store: folderStore(layout) };
  });
});

import { afterAll, beforeAll, describe } from '@jest/globals';
import { scaled } from '@kloof/test-kit/slowdown';
import { tempDir } from '../../testing/build-fixtures';
import { releaseSetBehaviour } from '../../testing/release-set-behaviour';
import { freshBucket, startObjectStorage, type TestObjectStorage } from '../../testing/test-bucket';
import { bucketStore } from './bucket-store';

let storage: TestObjectStorage;

beforeAll(async () => {
  storage = await startObjectStorage();
}, scaled(300_000));
afterAll(async () => storage?.stop());

describe('release sets in an S3 bucket (radosgw)', () => {
  releaseSetBehaviour(async () => {
    const { location, client } = await freshBucket(storage);
    return { work: await tempDir(), store: bucketStore(location, client) };
  });
});

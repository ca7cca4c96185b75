import { bucketLocation, isBucketUrl } from '@kloof/release-store/bucket';
import { defaultReleasesDir, fromInvocationDir, releasesLayout } from '@kloof/release-store/folder';
import { releaseStoreEnv } from '@kloof/settings';
import { ReleaseError } from '../releases/apps';
import { releaseToolEnvironment, type ReleaseToolSettings } from '../settings';
import { bucketStore } from './bucket-store';
import { folderStore } from './folder-store';
import type { ReleaseStore } from './release-store';

/**
 * The store the commands work on: `--releases-dir` (a folder), else RELEASE_STORE=s3://bucket/prefix
 * (a bucket, with S3_ENDPOINT, S3_REGION and the AWS credentials), else RELEASES_DIR or the default
 * folder.
 */
export function configuredStore(
  releasesDir: string | undefined,
  settings: ReleaseToolSettings['store'] = releaseToolEnvironment().store,
): ReleaseStore {
  if (releasesDir) return folderStore(releasesLayout(fromInvocationDir(releasesDir)));
  const url = settings.releaseStore;
  const env = releaseStoreEnv(settings);
  if (isBucketUrl(url)) {
    try {
      return bucketStore(bucketLocation(url, env));
    } catch (error) {
      throw new ReleaseError((error as Error).message);
    }
  }
  if (url)
    throw new ReleaseError(
      `RELEASE_STORE must be s3://<bucket>/<prefix> (got "${url}"); unset, releases go to a folder.`,
    );
  return folderStore(releasesLayout(defaultReleasesDir(env)));
}

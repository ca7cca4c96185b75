import { bucketLocation, isBucketUrl } from '@kloof/release-store/bucket';
import { defaultReleasesDir, fromInvocationDir, releasesLayout } from '@kloof/release-store/folder';
import { ReleaseError } from '../releases/apps';
import { bucketStore } from './bucket-store';
import { folderStore } from './folder-store';
import type { ReleaseStore } from './release-store';

/**
 * The store the commands work on: `--releases-dir` (a folder), else RELEASE_STORE=s3://bucket/prefix
 * (a bucket, with S3_ENDPOINT, S3_REGION and the AWS credentials), else RELEASES_DIR or the default
 * folder.
 */
export function configuredStore(releasesDir: string | undefined, env: NodeJS.ProcessEnv = process.env): ReleaseStore {
  if (releasesDir) return folderStore(releasesLayout(fromInvocationDir(releasesDir)));
  const url = env.RELEASE_STORE?.trim();
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

import { bucketClient, bucketLocation, isBucketUrl } from '@kloof/release-store/bucket';
import { defaultReleasesDir, fromInvocationDir, releasesLayout } from '@kloof/release-store/folder';
import { ReleaseError } from '../releases/apps';
import { releaseToolEnvironment, type ReleaseToolSettings } from '../settings';
import { bucketStore } from './bucket-store';
import { folderStore } from './folder-store';
import type { ReleaseStore } from './release-store';

/** Credentials the environment names (else the AWS SDK's own chain: AWS_PROFILE, instance roles). */
function credentialsOf(aws: ReleaseToolSettings['aws']) {
  const { accessKeyId, secretAccessKey, sessionToken } = aws;
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken } : undefined;
}

/**
 * The store the commands work on: `--releases-dir` (a folder), else RELEASE_STORE=s3://bucket/prefix
 * (a bucket, with S3_ENDPOINT, S3_REGION and the AWS credentials), else RELEASES_DIR or the default
 * folder; relative folders are read from where the command was typed.
 */
export function configuredStore(
  releasesDir: string | undefined,
  {
    store,
    invocationDir,
    aws,
  }: Pick<ReleaseToolSettings, 'store' | 'invocationDir' | 'aws'> = releaseToolEnvironment(),
): ReleaseStore {
  if (releasesDir) return folderStore(releasesLayout(fromInvocationDir(releasesDir, invocationDir)));
  const url = store.releaseStore;
  if (isBucketUrl(url)) {
    try {
      const location = bucketLocation(url, store);
      return bucketStore(location, bucketClient(location, credentialsOf(aws)));
    } catch (error) {
      throw new ReleaseError((error as Error).message);
    }
  }
  if (url)
    throw new ReleaseError(
      `RELEASE_STORE must be s3://<bucket>/<prefix> (got "${url}"); unset, releases go to a folder.`,
    );
  return folderStore(releasesLayout(defaultReleasesDir(store, invocationDir)));
}

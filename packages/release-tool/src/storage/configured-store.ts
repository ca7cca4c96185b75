import { bucketClient, bucketLocation, isBucketUrl } from '@kloof/release-store/bucket';
import { defaultReleasesDir, fromInvocationDir, releasesLayout } from '@kloof/release-store/folder';
import { releaseStoreEnv } from '@kloof/settings';
import { ReleaseError } from '../releases/apps';
import { invocationDir, releaseToolEnvironment, type ReleaseToolSettings } from '../settings';
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
  settings: Pick<ReleaseToolSettings, 'store' | 'aws'> = releaseToolEnvironment(),
  here: string = invocationDir(),
): ReleaseStore {
  if (releasesDir) return folderStore(releasesLayout(fromInvocationDir(releasesDir, here)));
  const url = settings.store.releaseStore;
  const env = releaseStoreEnv(settings.store);
  if (isBucketUrl(url)) {
    try {
      const location = bucketLocation(url, env);
      return bucketStore(location, bucketClient(location, credentialsOf(settings.aws)));
    } catch (error) {
      throw new ReleaseError((error as Error).message);
    }
  }
  if (url)
    throw new ReleaseError(
      `RELEASE_STORE must be s3://<bucket>/<prefix> (got "${url}"); unset, releases go to a folder.`,
    );
  return folderStore(releasesLayout(defaultReleasesDir(env, here)));
}

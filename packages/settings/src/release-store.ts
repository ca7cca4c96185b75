import { setting, Text } from './setting';

// Where releases live, as the release tool (which writes them) and the web server (which serves
// them) both read it: one declaration for the two. The values are checked where they are used
// (@kloof/release-registry's folder and bucket readers name the variable in their errors).

export const releaseStoreSettings = {
  releasesDir: setting(
    'RELEASES_DIR',
    Text(),
    'the releases folder (`--releases-dir` wins)',
    '`packages/release-tool/.releases/` (gitignored)',
  ),
  releaseStore: setting(
    'RELEASE_STORE',
    Text(),
    'releases in an S3-compatible bucket instead, `s3://<bucket>/<prefix>` (with `S3_ENDPOINT`, `S3_REGION` and AWS credentials, which the AWS SDK reads itself)',
  ),
  s3Endpoint: setting(
    'S3_ENDPOINT',
    Text(),
    "with `RELEASE_STORE`: an S3-compatible service's origin (R2, MinIO, SeaweedFS, Ceph)",
    'AWS S3',
  ),
  s3Region: setting('S3_REGION', Text(), "with `RELEASE_STORE`: the bucket's region", '`AWS_REGION`, else `us-east-1`'),
  awsRegion: setting('AWS_REGION', Text(), 'the region when `S3_REGION` is unset (the AWS SDK reads it too)'),
  s3ForcePathStyle: setting(
    'S3_FORCE_PATH_STYLE',
    Text(),
    'with `RELEASE_STORE`: `1` path-style URLs, `0` virtual-hosted',
    'on with `S3_ENDPOINT`, off for AWS',
  ),
  s3IfMatchEtag: setting(
    'S3_IF_MATCH_ETAG',
    Text(),
    'with `RELEASE_STORE`: `unquoted` for Ceph RGW and DigitalOcean Spaces, which refuse a quoted `If-Match`',
    '`quoted` (HTTP and AWS)',
  ),
};

type ReleaseStoreValues = { [K in keyof typeof releaseStoreSettings]: string | undefined };

/**
 * The variables as @kloof/release-registry's readers take them (`defaultReleasesDir`,
 * `bucketLocation`): an environment record holding only these, read once through the declaration.
 */
export function releaseStoreEnv(values: ReleaseStoreValues): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(releaseStoreSettings).map(([key, entry]) => [entry.env, values[key as keyof ReleaseStoreValues]]),
  );
}

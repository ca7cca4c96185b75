import { Flag, isOn, OneOf, setting, Text, type SettingsOf } from './setting';

// Where releases live, as the release tool (which writes them) and the web server (which serves
// them) both read it: one declaration for the two, checked when either starts. RELEASE_STORE's
// bucket and prefix are checked where the URL is read (@kloof/release-store's `bucketLocation`).

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
    Text({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+/?$', rule: 'an http(s) origin such as https://s3.example.com' }),
    "with `RELEASE_STORE`: an S3-compatible service's origin (R2, MinIO, SeaweedFS, Ceph)",
    'AWS S3',
  ),
  s3Region: setting('S3_REGION', Text(), "with `RELEASE_STORE`: the bucket's region", '`AWS_REGION`, else `us-east-1`'),
  awsRegion: setting('AWS_REGION', Text(), 'the region when `S3_REGION` is unset (the AWS SDK reads it too)'),
  s3ForcePathStyle: setting(
    'S3_FORCE_PATH_STYLE',
    Flag,
    'with `RELEASE_STORE`: on (`1`) path-style URLs, off (`0`) virtual-hosted',
    // Unset stays unset: the default depends on S3_ENDPOINT.
    { shown: 'on with `S3_ENDPOINT`, off for AWS', decode: (value) => (value === undefined ? undefined : isOn(value)) },
  ),
  s3IfMatchEtag: setting(
    'S3_IF_MATCH_ETAG',
    OneOf(['quoted', 'unquoted'], 'quoted'),
    'with `RELEASE_STORE`: `unquoted` for Ceph RGW and DigitalOcean Spaces, which refuse a quoted `If-Match`',
    '`quoted` (HTTP and AWS)',
  ),
};

/** Where releases live, read and checked through the declaration (@kloof/release-store takes these). */
export type ReleaseStoreSettings = SettingsOf<typeof releaseStoreSettings>;

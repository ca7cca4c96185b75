import type { ReleaseStoreSettings } from '@kloof/settings';

/**
 * Where releases live in object storage: RELEASE_STORE=s3://<bucket>/<prefix>, with S3_ENDPOINT
 * (any S3-compatible service: R2, MinIO, SeaweedFS, Ceph; unset: AWS), S3_REGION and the standard
 * AWS credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE, ...), read by the SDK.
 */
export interface BucketLocation {
  bucket: string;
  /** Key prefix of the releases, '' or ending with '/'. */
  prefix: string;
  endpoint?: string;
  region: string;
  /** Path-style URLs (endpoint/bucket/key): what S3-compatible servers without DNS names need. */
  forcePathStyle: boolean;
  /**
   * How If-Match carries an ETag: 'quoted' as HTTP and AWS S3 have it; 'unquoted' for servers that
   * compare the bare hex (Ceph RGW, DigitalOcean Spaces answer 412 to the quoted form).
   */
  ifMatchEtag: 'quoted' | 'unquoted';
}

/** Whether RELEASE_STORE names a bucket (else releases live in a folder). */
export function isBucketUrl(value: string | undefined): value is string {
  return Boolean(value?.startsWith('s3://'));
}

/** Bucket names as S3 allows them (3-63 lowercase letters, digits, dots, hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The location a RELEASE_STORE URL and the S3_* settings name (those checked already by the
 * program's declaration); one line saying what is wrong with the URL otherwise.
 */
export function bucketLocation(url: string, store: ReleaseStoreSettings): BucketLocation {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  const bucket = match?.[1] ?? '';
  if (!BUCKET_NAME.test(bucket)) {
    throw new Error(`RELEASE_STORE must be s3://<bucket>/<prefix> with a valid bucket name (got "${url}").`);
  }
  const rawPrefix = match?.[2] ?? '';
  if (
    rawPrefix.split('/').some((part, i, all) => part === '..' || part === '.' || (part === '' && i < all.length - 1))
  ) {
    throw new Error(`RELEASE_STORE's prefix must be a plain path (got "${rawPrefix}").`);
  }
  const prefix = rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix;
  const endpoint = store.s3Endpoint;
  return {
    bucket,
    prefix,
    endpoint,
    region: store.s3Region ?? store.awsRegion ?? 'us-east-1',
    forcePathStyle: store.s3ForcePathStyle ?? Boolean(endpoint),
    ifMatchEtag: store.s3IfMatchEtag,
  };
}

export const describeLocation = (location: BucketLocation): string =>
  `s3://${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ''}`;

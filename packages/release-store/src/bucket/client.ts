import {
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';

export type { S3Client };
import type { BucketLocation } from './location';

/**
 * One S3 client for a location. Checksums only where an operation requires one: the SDK's default
 * CRC32 trailers are not understood by every S3-compatible server. Without `credentials` the SDK
 * finds them itself (its environment variables, AWS_PROFILE, instance roles).
 */
export function bucketClient(location: BucketLocation, credentials?: S3ClientConfig['credentials']): S3Client {
  // The SDK's notice about Node versions it will drop one day would follow every command's one line.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    ...(credentials ? { credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** An object's bytes and ETag; null when there is no such key. With `ifNoneMatch`, 'unchanged' on 304. */
export async function getObject(
  client: S3Client,
  bucket: string,
  key: string,
  ifNoneMatch?: string,
): Promise<{ body: Buffer; etag: string } | null | 'unchanged'> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, IfNoneMatch: ifNoneMatch }));
    const body = Buffer.from(await answer.Body!.transformToByteArray());
    return { body, etag: answer.ETag ?? '' };
  } catch (error) {
    if (statusOf(error) === 404) return null;
    if (statusOf(error) === 304) return 'unchanged';
    throw error;
  }
}

/** Every key under a prefix (all pages of the listing). */
export async function listKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Requests in flight at once when copying a folder to or from a bucket. */
const PARALLEL = 8;

/** Runs `work` for every item, PARALLEL at a time. */
export async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

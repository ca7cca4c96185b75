import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { BucketLocation } from '@kloof/release-store/bucket';
import type { TestObjectStorage } from './object-storage-server';

/** The variables the release tool and web server read to reach a bucket (RELEASE_STORE and the rest). */
export function bucketEnv(storage: TestObjectStorage, location: BucketLocation): Record<string, string> {
  return {
    RELEASE_STORE: `s3://${location.bucket}/${location.prefix}`,
    S3_ENDPOINT: storage.endpoint,
    S3_REGION: storage.region,
    S3_IF_MATCH_ETAG: storage.ifMatchEtag,
    AWS_ACCESS_KEY_ID: storage.accessKeyId,
    AWS_SECRET_ACCESS_KEY: storage.secretAccessKey,
  };
}

/** A fresh bucket of its own for one test, and a client to look into it as S3 sees it. */
export async function freshBucket(
  storage: TestObjectStorage,
  prefix = 'site/releases/',
): Promise<{ location: BucketLocation; client: S3Client }> {
  const location: BucketLocation = {
    bucket: `kloof-${randomBytes(6).toString('hex')}`,
    prefix,
    endpoint: storage.endpoint,
    region: storage.region,
    forcePathStyle: true,
    ifMatchEtag: storage.ifMatchEtag,
  };
  const client = new S3Client({
    endpoint: storage.endpoint,
    region: storage.region,
    forcePathStyle: true,
    credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: location.bucket }));
  return { location, client };
}

/** Writes one object under any key, as a tampered bucket would hold it (no release tool on the way). */
export async function putRawObject(client: S3Client, bucket: string, key: string, body: string): Promise<void> {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
}

export { objectStorageInstalled, startObjectStorage, type TestObjectStorage } from './object-storage-server';

import { describe, expect, it } from '@jest/globals';
import { EnvError, envReader } from './read-env';
import { releaseStoreSettings } from './release-store';
import { decodeSettings } from './setting';

const reader = envReader(releaseStoreSettings);
const read = (env: Record<string, string>) => decodeSettings(releaseStoreSettings, reader.read(env));

describe('where releases live, as the release tool and the web server read it', () => {
  it('quotes If-Match unless told otherwise and leaves path style to the endpoint when unset', () => {
    expect(read({})).toMatchObject({ s3IfMatchEtag: 'quoted', s3ForcePathStyle: undefined });
    expect(read({ S3_IF_MATCH_ETAG: ' unquoted ', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      s3IfMatchEtag: 'unquoted',
      s3ForcePathStyle: true,
    });
    expect(read({ S3_FORCE_PATH_STYLE: '0' }).s3ForcePathStyle).toBe(false);
  });

  it('refuses an endpoint with a path, an unknown quoting and a path style that is no flag, at once', () => {
    const attempt = () =>
      read({
        S3_ENDPOINT: 'https://key:secret@s3.example.test/bucket',
        S3_IF_MATCH_ETAG: 'bare',
        S3_FORCE_PATH_STYLE: 'maybe',
      });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(
      [
        'S3_ENDPOINT must be an http(s) origin such as https://s3.example.com',
        'S3_FORCE_PATH_STYLE must be 1, 0, true, false, yes or no',
        'S3_IF_MATCH_ETAG must be one of: quoted, unquoted (got "bare")',
      ].join('\n'),
    );
  });
});

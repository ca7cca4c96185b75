import { describe, expect, it, jest } from '@jest/globals';
import { ReleaseFileHashes, releaseFileOf, type ReadManifest } from './release-file-hashes';

describe('where a stored release file lies', () => {
  it("is its version folder, on the site or on a remote's own origin", () => {
    expect(releaseFileOf('https://site.test/remotes/marketing/v1/153.48fccead0a.js?x=1')).toEqual({
      folder: 'https://site.test/remotes/marketing/v1/',
      file: '153.48fccead0a.js',
    });
    expect(releaseFileOf('https://cdn.test/remotes/auth/v2/css/9.0123456789.css')).toEqual({
      folder: 'https://cdn.test/remotes/auth/v2/',
      file: 'css/9.0123456789.css',
    });
  });

  it("is nothing for the host's own files", () => {
    expect(releaseFileOf('https://site.test/main.0123456789.js')).toBeNull();
  });
});

describe('the hash a release file must have', () => {
  const manifest = { integrity: { '153.48fccead0a.js': 'sha384-chunk' } };

  it("is the one its version's manifest pinned, read once per version", async () => {
    const read = jest.fn<ReadManifest>(async () => manifest);
    const hashes = new ReleaseFileHashes(read);
    await expect(hashes.of('https://site.test/remotes/marketing/v1/153.48fccead0a.js')).resolves.toBe('sha384-chunk');
    await expect(hashes.of('https://site.test/remotes/marketing/v1/other.0123456789.js')).resolves.toBeUndefined();
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith('https://site.test/remotes/marketing/v1/mf-manifest.json');
  });

  it('is read again after a mismatch, and after the manifest could not be read', async () => {
    const read = jest.fn<ReadManifest>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(manifest);
    const hashes = new ReleaseFileHashes(read);
    const url = 'https://site.test/remotes/marketing/v1/153.48fccead0a.js';
    await expect(hashes.of(url)).resolves.toBeUndefined();
    await expect(hashes.of(url)).resolves.toBe('sha384-chunk');
    hashes.forget(url);
    await hashes.of(url);
    expect(read).toHaveBeenCalledTimes(3);
  });
});

import { describe, expect, it } from '@jest/globals';
import { HostFileHashes } from './host-file-hashes';

const site = 'https://site.test';
const worker = `${site}/sw.js`;

describe("the host's own files", () => {
  it('are the hashed files on the site, outside every remote folder', () => {
    expect(HostFileHashes.isHostFile(new URL(`${site}/main.0123456789.js`), site)).toBe(true);
    expect(HostFileHashes.isHostFile(new URL(`${site}/assets/logo.0123456789.svg`), site)).toBe(true);
    expect(HostFileHashes.isHostFile(new URL(`${site}/remotes/auth/v1/153.0123456789.js`), site)).toBe(false);
    expect(HostFileHashes.isHostFile(new URL(`https://cdn.test/main.0123456789.js`), site)).toBe(false);
    expect(HostFileHashes.isHostFile(new URL(`${site}/registry.json`), site)).toBe(false);
    expect(HostFileHashes.isHostFile(new URL(`${site}/pricing`), site)).toBe(false);
  });
});

describe('the hash a host file must have', () => {
  const hashes = new HostFileHashes(
    [
      { url: 'main.0123456789.js', integrity: 'sha384-main' },
      { url: 'assets/logo.0123456789.svg', integrity: 'sha384-logo' },
      { url: '920.0123456789.js' },
      'old.0123456789.js',
    ],
    worker,
  );

  it('is the one its build pinned, by the URL the worker resolves it to', async () => {
    await expect(hashes.of(`${site}/main.0123456789.js`)).resolves.toBe('sha384-main');
    await expect(hashes.of(`${site}/assets/logo.0123456789.svg?v=2`)).resolves.toBe('sha384-logo');
    expect(hashes.urls).toEqual([`${site}/main.0123456789.js`, `${site}/assets/logo.0123456789.svg`]);
  });

  it('is none for a file the build listed without a pin, or did not list', async () => {
    await expect(hashes.of(`${site}/920.0123456789.js`)).resolves.toBeUndefined();
    expect(hashes.isPinned(`${site}/920.0123456789.js`)).toBe(false);
    expect(hashes.isPinned(`${site}/old.0123456789.js`)).toBe(false);
    expect(hashes.isPinned(`${site}/main.0123456789.js`)).toBe(true);
  });

  it('stays the same after a mismatch: the pins are compiled into the worker', async () => {
    hashes.forget();
    await expect(hashes.of(`${site}/main.0123456789.js`)).resolves.toBe('sha384-main');
  });
});

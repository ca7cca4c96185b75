import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { scaled } from '@kloof/test-kit/slowdown';
import { waitFor } from './testing/api-instance';
import { intactVersions, versionIntact } from './version-intact';

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const CHUNK = 'console.log("page");';
const ENTRY = 'var marketing = {};';

let dir: string;
let pins: { manifest: string; remoteEntry: string; remoteEntryPath: string };

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-intact-'));
  const manifest = JSON.stringify({ name: 'marketing', integrity: { 'page.1a2b3c4d5e.js': sri(CHUNK) } });
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), manifest);
  await fs.writeFile(path.join(dir, 'remoteEntry.js'), ENTRY);
  await fs.writeFile(path.join(dir, 'page.1a2b3c4d5e.js'), CHUNK);
  await fs.writeFile(path.join(dir, 'page.1a2b3c4d5e.js.br'), brotliCompressSync(CHUNK));
  pins = { manifest: sri(manifest), remoteEntry: sri(ENTRY), remoteEntryPath: 'remoteEntry.js' };
});

describe("a stored version's files as its release pinned them", () => {
  it('are intact with every pinned file and its precompressed copy as pinned, whatever else the folder holds', async () => {
    await fs.writeFile(path.join(dir, 'notes.txt'), 'not pinned');
    expect(await versionIntact(dir, pins)).toBe(true);
  });

  it("take the remote entry's hash from the registry, as the host does, not from the manifest's list", async () => {
    const manifest = JSON.stringify({
      name: 'marketing',
      integrity: { 'page.1a2b3c4d5e.js': sri(CHUNK), 'remoteEntry.js': sri('the entry before a release changed it') },
    });
    await fs.writeFile(path.join(dir, 'mf-manifest.json'), manifest);
    expect(await versionIntact(dir, { ...pins, manifest: sri(manifest) })).toBe(true);
  });

  it.each([
    ['a listed chunk missing', () => fs.rm(path.join(dir, 'page.1a2b3c4d5e.js'))],
    ['a listed chunk changed', () => fs.appendFile(path.join(dir, 'page.1a2b3c4d5e.js'), ' ')],
    [
      'its brotli copy changed',
      () => fs.writeFile(path.join(dir, 'page.1a2b3c4d5e.js.br'), brotliCompressSync(`${CHUNK} `)),
    ],
    ['its brotli copy not brotli', () => fs.writeFile(path.join(dir, 'page.1a2b3c4d5e.js.br'), 'garbage')],
    ['the remote entry changed', () => fs.appendFile(path.join(dir, 'remoteEntry.js'), ' ')],
    ['the manifest gone', () => fs.rm(path.join(dir, 'mf-manifest.json'))],
  ])('are broken with %s', async (_what, breakIt) => {
    await breakIt();
    expect(await versionIntact(dir, pins)).toBe(false);
  });
});

describe('verdicts kept between page loads', () => {
  it('hold until a file of the folder changes, then the next check sees it', async () => {
    const intact = intactVersions();
    expect(await intact(dir, pins)).toBe(true);
    await fs.appendFile(path.join(dir, 'page.1a2b3c4d5e.js'), ' ');
    await waitFor('the changed chunk to be seen', async () => !(await intact(dir, pins)), scaled(5_000));
    await fs.writeFile(path.join(dir, 'page.1a2b3c4d5e.js'), CHUNK);
    await waitFor('the mended chunk to be seen', () => intact(dir, pins), scaled(5_000));
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { readRegistryFile, type ReleasesLayout } from '@kloof/release-store/folder';
import { fakeBuild, freshReleases } from '../../testing/build-fixtures';
import { release } from './store';

let work: string;
let layout: ReleasesLayout;

beforeEach(async () => {
  ({ work, layout } = await freshReleases());
});

const BIG_JS = `console.log(${JSON.stringify('kloof '.repeat(400))});\n`;

describe('a release stores each text file compressed once, beside it', () => {
  it('writes .br and .gz copies that decode to the file, and keeps the integrity of the files themselves', async () => {
    const build = await fakeBuild(work, 'marketing', 'one');
    await fs.writeFile(path.join(build, 'big.0123456789.js'), BIG_JS);
    await fs.writeFile(path.join(build, 'remoteEntry.js'), BIG_JS);
    const untouched = await fakeBuild(work, 'marketing-plain', 'one');
    await fs.writeFile(path.join(untouched, 'big.0123456789.js'), BIG_JS);
    await fs.writeFile(path.join(untouched, 'remoteEntry.js'), BIG_JS);

    const version = (await release(layout, 'marketing', build)).to;
    const dir = layout.versionDir('marketing', version);
    for (const file of ['big.0123456789.js', 'remoteEntry.js']) {
      const original = await fs.readFile(path.join(dir, file));
      expect(brotliDecompressSync(await fs.readFile(path.join(dir, `${file}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(await fs.readFile(path.join(dir, `${file}.gz`))).equals(original)).toBe(true);
    }
    // The integrity registry.json pins is that of the file as built.
    const sri = `sha384-${createHash('sha384').update(BIG_JS).digest('base64')}`;
    expect((await readRegistryFile(layout)).apps.marketing?.stable?.integrity?.remoteEntry).toBe(sri);
  });

  it('leaves out tiny files, files that are not text, and the server build', async () => {
    const build = await fakeBuild(work, 'host', 'c0ffee01');
    await fs.mkdir(path.join(build, 'server'));
    await fs.writeFile(path.join(build, 'server', 'main.js'), BIG_JS);
    await fs.writeFile(path.join(build, 'photo.0123456789.png'), Buffer.alloc(4096, 7));
    const dir = layout.versionDir('host', (await release(layout, 'host', build)).to);
    const files = await fs.readdir(dir, { recursive: true });
    expect(files.filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
  });

  it('keeps a brotli copy the build already wrote', async () => {
    const build = await fakeBuild(work, 'marketing', 'two');
    await fs.writeFile(path.join(build, 'big.0123456789.js'), BIG_JS);
    await fs.writeFile(path.join(build, 'big.0123456789.js.br'), 'as the build wrote it');
    const dir = layout.versionDir('marketing', (await release(layout, 'marketing', build)).to);
    expect(await fs.readFile(path.join(dir, 'big.0123456789.js.br'), 'utf8')).toBe('as the build wrote it');
    expect(gunzipSync(await fs.readFile(path.join(dir, 'big.0123456789.js.gz'))).toString()).toBe(BIG_JS);
  });
});

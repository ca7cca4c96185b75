import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rspack } from '@rspack/core';
import { brotliCopy, PrecompressPlugin } from './precompress.js';
import { runCompiler } from './run-compiler.js';

describe('brotliCopy', () => {
  it('compresses text to brotli that decodes to the same bytes', async () => {
    const text = Buffer.from('export const greeting = "Molo, Kaapstad";\n'.repeat(200));
    const copy = await brotliCopy(text);
    expect(copy).not.toBeNull();
    expect(zlib.brotliDecompressSync(copy)).toEqual(text);
    expect(copy.length).toBeLessThan(zlib.gzipSync(text, { level: 9 }).length);
  });

  it('skips files under 1 KB and data that does not shrink by a fifth', async () => {
    expect(await brotliCopy(Buffer.from('console.log(1);'))).toBeNull();
    const noise = randomBytes(4096);
    expect(await brotliCopy(noise)).toBeNull();
  });
});

describe('PrecompressPlugin in a production build', () => {
  let dir;
  let files;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-precompress-'));
    const src = path.join(dir, 'src');
    await fs.mkdir(src);
    const words = Array.from({ length: 400 }, (_, i) => `"word ${i % 40}"`).join(', ');
    await fs.writeFile(path.join(src, 'index.js'), `console.log([${words}].join(' '));\n`);
    await fs.writeFile(path.join(src, 'data.json'), JSON.stringify({ words: words.split(', ') }));
    await fs.writeFile(path.join(src, 'tiny.js'), 'export default 1;\n');
    const compiler = rspack({
      mode: 'production',
      context: dir,
      entry: { main: './src/index.js', tiny: './src/tiny.js' },
      output: { path: path.join(dir, 'dist'), filename: '[name].js' },
      plugins: [new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/data.json' }] }), new PrecompressPlugin()],
    });
    await runCompiler(compiler);
    files = await fs.readdir(path.join(dir, 'dist'));
  }, 60_000);

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes a brotli copy beside each large text asset, identical once decoded', async () => {
    expect(files).toEqual(expect.arrayContaining(['main.js', 'main.js.br']));
    const original = await fs.readFile(path.join(dir, 'dist', 'main.js'));
    const copy = await fs.readFile(path.join(dir, 'dist', 'main.js.br'));
    expect(zlib.brotliDecompressSync(copy)).toEqual(original);
  });

  it('leaves small assets alone', () => {
    expect(files).toContain('tiny.js');
    expect(files).not.toContain('tiny.js.br');
  });

  it('leaves JSON alone: the federation manifest is rewritten after assets are processed', () => {
    expect(files).toContain('data.json');
    expect(files).not.toContain('data.json.br');
  });
});

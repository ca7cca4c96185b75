import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pinnedToBuild } from './service-worker.js';

describe("the worker's precache list", () => {
  let outDir;
  beforeAll(async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-sw-pins-'));
    await fs.mkdir(path.join(outDir, 'assets'));
    await fs.writeFile(path.join(outDir, 'main.0123456789.js'), 'console.log("host");');
    await fs.writeFile(path.join(outDir, 'assets', 'logo.0123456789.svg'), '<svg/>');
  });
  afterAll(async () => {
    await fs.rm(outDir, { recursive: true, force: true });
  });

  it('pins every file to the SHA-384 of the bytes the build wrote', async () => {
    const sri = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
    const { manifest } = await pinnedToBuild(outDir)([
      { url: 'main.0123456789.js', revision: null, size: 20 },
      { url: 'assets/logo.0123456789.svg', revision: null, size: 6 },
    ]);
    expect(manifest).toEqual([
      { url: 'main.0123456789.js', revision: null, size: 20, integrity: sri('console.log("host");') },
      { url: 'assets/logo.0123456789.svg', revision: null, size: 6, integrity: sri('<svg/>') },
    ]);
  });
});

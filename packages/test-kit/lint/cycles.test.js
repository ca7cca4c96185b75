// @ts-check
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { scaled } from '../slowdown.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** Every source, test and script of the apps and packages (build output and dependencies left out). */
export const sourceGlobs = ['{host,remotes/*,packages/*}/**/*.{ts,tsx,js,mjs}'];

/** The cycles dpdm finds among these files, run by Node itself (Jest's module loader cannot load dpdm). */
async function importCycles(/** @type {string} */ dir, /** @type {string[]} */ globs) {
  const script = path.join(import.meta.dirname, 'cycles.js');
  const { stdout } = await promisify(execFile)(process.execPath, [script, dir, ...globs], { maxBuffer: 16 << 20 });
  return JSON.parse(stdout);
}

describe('import cycles, type-only imports included', () => {
  it(
    'finds none in the apps and packages',
    async () => {
      expect(await importCycles(root, sourceGlobs)).toEqual([]);
    },
    scaled(240_000),
  );

  describe('in a folder of its own', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-cycles-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it(
      'names two modules held in a circle by an `import type` on one side',
      async () => {
        fs.writeFileSync(
          path.join(dir, 'kinds.ts'),
          "import { check } from './check';\nexport const kinds = [check];\n",
        );
        fs.writeFileSync(
          path.join(dir, 'check.ts'),
          "import type { kinds } from './kinds';\nexport const check = (k: typeof kinds) => k.length;\n",
        );
        fs.writeFileSync(path.join(dir, 'alone.ts'), "import { kinds } from './kinds';\nexport const all = kinds;\n");
        expect(await importCycles(dir, ['*.ts'])).toEqual([['check.ts', 'kinds.ts']]);
      },
      scaled(60_000),
    );
  });
});

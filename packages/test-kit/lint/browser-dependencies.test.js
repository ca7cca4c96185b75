// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { scaled } from '../slowdown.js';
import { forbiddenInBrowser, serverOnlyPaths } from './browser-dependencies.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** @param {string} dir @returns {import('./browser-dependencies.js').Manifest} */
const manifest = (dir) => JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
const inGroup = (/** @type {string} */ group) =>
  fs.readdirSync(path.join(root, group)).map((name) => `${group}/${name}`);

const workspace = new Map(
  ['host', ...inGroup('remotes'), ...inGroup('packages')]
    .filter((dir) => fs.existsSync(path.join(root, dir, 'package.json')))
    .map((dir) => [manifest(dir).name, manifest(dir)]),
);
const browserApps = ['host', ...inGroup('remotes')].map((dir) => manifest(dir).name);

describe('the browser apps at run time', () => {
  it.each(browserApps)('%s depends, through its workspace packages, on no server or build package', (app) => {
    expect(serverOnlyPaths(app, (name) => workspace.get(name))).toEqual([]);
  });

  it('names each path that reaches a server or build package', () => {
    /** @type {Record<string, import('./browser-dependencies.js').Manifest>} */
    const packages = {
      '@kloof/app': { name: '@kloof/app', dependencies: { react: '^19', '@kloof/lib': 'workspace:^' } },
      '@kloof/lib': { name: '@kloof/lib', dependencies: { '@aws-sdk/client-s3': '^3', undici: '^7' } },
    };
    expect(serverOnlyPaths('@kloof/app', (name) => packages[name])).toEqual([
      '@kloof/app -> @kloof/lib -> @aws-sdk/client-s3',
      '@kloof/app -> @kloof/lib -> undici',
    ]);
    expect(forbiddenInBrowser('@rspack/core')).toBe(true);
    expect(forbiddenInBrowser('react')).toBe(false);
  });
});

describe('browser code, as pnpm lint checks it', () => {
  const eslint = new ESLint({ cwd: root });
  /** The restricted-import messages ESLint gives a file with this source at this path of the repo. */
  const problems = async (/** @type {string} */ file, /** @type {string} */ code) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it(
    'fails a Node module or a server or build package in an app or a browser package',
    async () => {
      const node = 'Browser code runs no Node module.';
      const server = 'Browser code imports no server or build package.';
      const code = [
        "import { createHmac } from 'node:crypto';",
        "import fs from 'fs';",
        "import { S3Client } from '@aws-sdk/client-s3';",
        "import { tsImport } from 'tsx/esm/api';",
        "import fastify from 'fastify';",
        'void [createHmac, fs, S3Client, tsImport, fastify];',
      ].join('\n');
      for (const file of ['host/src/bad.ts', 'remotes/admin/src/bad.tsx', 'packages/api-contract/src/bad.ts']) {
        expect(await problems(file, code)).toEqual([
          expect.stringContaining(node),
          expect.stringContaining(node),
          expect.stringContaining(server),
          expect.stringContaining(server),
          expect.stringContaining(server),
        ]);
      }
    },
    scaled(60_000),
  );

  it(
    'lets tests, test helpers, servers and a module named like a Node one through',
    async () => {
      const code = "import fs from 'node:fs';\nvoid fs;\n";
      expect(await problems('packages/api-contract/src/bad.test.ts', code)).toEqual([]);
      expect(await problems('packages/ui/testing/helper.ts', code)).toEqual([]);
      expect(await problems('packages/web-server/src/ok.ts', code)).toEqual([]);
      expect(
        await problems('remotes/marketing/src/ok.ts', "import { steps } from './process';\nvoid steps;\n"),
      ).toEqual([]);
    },
    scaled(60_000),
  );
});

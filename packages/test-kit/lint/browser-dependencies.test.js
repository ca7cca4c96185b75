// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
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

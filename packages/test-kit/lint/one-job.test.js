// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const inGroup = (/** @type {string} */ group) =>
  fs.readdirSync(path.join(root, group)).map((name) => `${group}/${name}`);
const workspace = ['host', ...inGroup('remotes'), ...inGroup('packages')].filter((dir) =>
  fs.existsSync(path.join(root, dir, 'package.json')),
);

describe('every package says its one job in one line', () => {
  it.each(workspace)('%s: package.json "description" is the first line of its README', (dir) => {
    const { name, description } = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    expect(description).toMatch(/^[^\n]{10,100}$/);
    const readme = path.join(root, dir, 'README.md');
    const firstLine = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8').split('\n')[0] : '(no README)';
    expect(firstLine).toBe(`# ${name}: ${description}`);
  });
});

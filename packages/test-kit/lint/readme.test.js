import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

describe("the repository's README", () => {
  it('stays a front door of at most 180 lines (history and decisions live in the packages)', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(180);
  });

  it('links to every package README that exists, and to none that does not', () => {
    const linked = [...readme.matchAll(/\]\((packages\/[\w-]+)\/README\.md[)#]/g)].map((m) => m[1]);
    for (const dir of linked) expect(fs.existsSync(path.join(root, dir, 'README.md'))).toBe(true);
    const packages = fs.readdirSync(path.join(root, 'packages'));
    const withReadme = packages.filter((name) => fs.existsSync(path.join(root, 'packages', name, 'README.md')));
    const named = withReadme.filter((name) => readme.includes(`packages/${name}/`));
    expect(named).toEqual(withReadme);
  });
});

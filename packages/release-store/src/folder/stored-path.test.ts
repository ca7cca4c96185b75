import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { releasesLayout } from './layout';
import { pagesOfPair, PAGE_LIST_FILE, pagesDir } from './pages';
import { isStoredName, StoredNameError, storedPath } from './stored-path';

const FOLDER = path.resolve('/srv/mirror');

describe('a name read from storage is data, never a path', () => {
  it.each([
    ['..', 'an empty or dot segment'],
    ['../../../../x', 'an empty or dot segment'],
    ['pages/p1/../../../x', 'an empty or dot segment'],
    ['./x', 'an empty or dot segment'],
    ['a//b', 'an empty or dot segment'],
    ['a/', 'an empty or dot segment'],
    ['/etc/cron.d/x', 'an absolute path'],
    ['C:/x', 'an absolute path'],
    ['%2e%2e/%2e%2e/x', 'a percent escape'],
    ['a%2Fb', 'a percent escape'],
    ['..\\..\\x', 'a backslash'],
    ['a\\b', 'a backslash'],
    ['x\0.js', 'a NUL character'],
    ['x\n.js', 'a control character'],
    ['', 'empty'],
  ])('%j is refused (%s), naming the folder it must stay in', (name, why) => {
    expect(isStoredName(name)).toBe(false);
    expect(() => storedPath(FOLDER, name)).toThrow(StoredNameError);
    expect(() => storedPath(FOLDER, name)).toThrow(
      `Refused the stored name ${JSON.stringify(name)} (${why}): it must name a file inside ${FOLDER}.`,
    );
  });

  it.each(['index.html', 'main.c0ffee01aa.js', 'pricing/index.html', '.well-known/security.txt', '..x', 'a..b/c'])(
    '%j is a file inside its folder',
    (name) => {
      expect(isStoredName(name)).toBe(true);
      expect(storedPath(FOLDER, name)).toBe(path.join(FOLDER, name));
    },
  );

  it('checks each part of a path made of several names', () => {
    expect(storedPath(FOLDER, 'host', '20261122-032757-123-3f2a9c81d0')).toBe(
      path.join(FOLDER, 'host', '20261122-032757-123-3f2a9c81d0'),
    );
    expect(() => storedPath(FOLDER, '..', '20261122-032757-123-3f2a9c81d0')).toThrow(StoredNameError);
  });
});

describe('the releases folder checks what registry.json and page lists name', () => {
  it('refuses an app or version that would leave the folder', () => {
    const layout = releasesLayout(FOLDER);
    expect(() => layout.appDir('../../etc')).toThrow(StoredNameError);
    expect(() => layout.versionDir('host', '../../../x')).toThrow(StoredNameError);
    expect(layout.versionDir('host', 'v1')).toBe(path.join(FOLDER, 'host', 'v1'));
  });

  it('never serves a page whose stored file is outside its pages folder', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-stored-path-'));
    const layout = releasesLayout(root);
    const dir = pagesDir(layout, 'h1', 'marketing', 'm1');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(root, 'secret.txt'), 'not a page');
    const list = [
      { path: '/', file: 'index.html', status: 200 },
      { path: '/pricing', file: '../../secret.txt', status: 200 },
      { path: '/docs', file: path.join(root, 'secret.txt'), status: 200 },
    ];
    fs.writeFileSync(path.join(dir, PAGE_LIST_FILE), JSON.stringify(list));
    const pages = pagesOfPair(layout, 'h1', 'marketing', 'm1');
    expect([...pages.keys()]).toEqual(['/']);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

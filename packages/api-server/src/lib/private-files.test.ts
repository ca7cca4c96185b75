import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePrivate } from './private-files';

const modeOf = (p: string) => fs.lstatSync(p).mode & 0o7777;

describe('makePrivate (data and mail folders)', () => {
  let root: string;
  let umask: number;
  beforeEach(() => {
    umask = process.umask(0o022); // the usual shell umask, which makes new files world-readable
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-private-'));
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('makes an existing world-writable tree 0700/0600 and says how many entries changed', () => {
    const dir = path.join(root, 'data');
    fs.mkdirSync(path.join(dir, 'base', '1'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17');
    fs.writeFileSync(path.join(dir, 'base', '1', '1259'), 'rows');
    for (const p of [dir, path.join(dir, 'base'), path.join(dir, 'base', '1')]) fs.chmodSync(p, 0o777);
    for (const p of [path.join(dir, 'PG_VERSION'), path.join(dir, 'base', '1', '1259')]) fs.chmodSync(p, 0o666);

    expect(makePrivate(dir)).toBe(5);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'base', '1'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'base', '1', '1259'))).toBe(0o600);
    expect(makePrivate(dir)).toBe(0); // every later start: nothing to do
  });

  it('creates a missing folder private even under umask 022', () => {
    const dir = path.join(root, 'a', 'b');
    makePrivate(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('never follows a symbolic link planted inside (the file it points to keeps its mode)', () => {
    const dir = path.join(root, 'data');
    fs.mkdirSync(dir);
    const elsewhere = path.join(root, 'shared.txt');
    fs.writeFileSync(elsewhere, 'not ours to change');
    fs.chmodSync(elsewhere, 0o644);
    fs.symlinkSync(elsewhere, path.join(dir, 'link'));
    makePrivate(dir);
    expect(modeOf(elsewhere)).toBe(0o644);
  });
});

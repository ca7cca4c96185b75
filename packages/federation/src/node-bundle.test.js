import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildNodeBundles } from './node-bundle.js';

const program = path.join(import.meta.dirname, '..', 'test', 'node-program');

describe('a Node program bundled for production', () => {
  let out;
  let bundle;
  beforeAll(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-node-bundle-'));
    await buildNodeBundles([
      { name: 'fixture', entry: path.join(program, 'main.ts'), output: path.join(out, 'main.js') },
    ]);
    bundle = fs.readFileSync(path.join(out, 'main.js'), 'utf8');
  });
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  it('runs from its own folder with import.meta.dirname still naming the source folder, files beside it found', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(out, 'main.js')]);
    expect(JSON.parse(stdout)).toMatchObject({
      folder: path.join(program, 'nested'),
      neighbour: 'read at run time',
      refresh: 'function',
    });
  });

  it('reads NODE_ENV when it runs, never the one it was built with', async () => {
    const run = (NODE_ENV) =>
      promisify(execFile)(process.execPath, [path.join(out, 'main.js')], { env: { ...process.env, NODE_ENV } });
    expect(JSON.parse((await run('test')).stdout).nodeEnv).toBe('test');
    expect(JSON.parse((await run('development')).stdout).nodeEnv).toBe('development');
  });

  it('compiles its own TypeScript in and leaves packages to node_modules, with a source map', () => {
    expect(bundle).toContain("'neighbour.txt'"); // nested/where.ts, compiled in
    expect(bundle).toMatch(/^import \w+ from "[./]+\/.*node_modules\/react-refresh\/runtime\.js";$/m);
    expect(bundle).not.toContain('function injectIntoGlobalHook');
    expect(fs.existsSync(path.join(out, 'main.js.map'))).toBe(true);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { narrowedShared } from './narrowed-shared.js';
import { treeShakenExports } from '@kloof/apps/shared';

const hostDir = path.resolve(import.meta.dirname, '..', '..', '..', 'host');
const installed = JSON.parse(
  fs.readFileSync(path.join(hostDir, 'node_modules', 'react-router-dom', 'package.json'), 'utf8'),
);

describe('narrowed shared libraries', () => {
  const { entries, modules } = narrowedShared(hostDir);

  it('provides React Router at the version the app has installed, from a module of the app', () => {
    expect(entries['react-router-dom']).toEqual({
      import: path.join(hostDir, 'node_modules', '.kloof-shared', 'react-router-dom.js'),
      version: installed.version,
    });
  });

  it('re-exports exactly the listed names, from the ES module build the app itself resolves', () => {
    const source = modules[entries['react-router-dom'].import] ?? '';
    const [, names, file] = /^export \{ (.+) \} from "(.+)";\n$/.exec(source) ?? [];
    expect(names?.split(', ')).toEqual([...treeShakenExports['react-router-dom']]);
    // By file, never by name: the name is the shared key, and the module would consume itself.
    expect(path.isAbsolute(file ?? '')).toBe(true);
    expect(fs.existsSync(file)).toBe(true);
    expect(file).toMatch(/react-router-dom[\\/]dist[\\/]index\.mjs$/);
  });
});

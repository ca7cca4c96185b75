import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { treeShakenExports } from '@kloof/apps/shared';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Unit-test helpers (`testing/`) and server-only code (`server/`) never reach a browser bundle.
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'testing', 'server'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\.|\.spec\./.test(entry.name) ? [full] : [];
  });
}

const appSources = [
  'host',
  ...fs.readdirSync(path.join(repoRoot, 'remotes')).map((r) => `remotes/${r}`),
  ...fs.readdirSync(path.join(repoRoot, 'packages')).map((p) => `packages/${p}`),
].flatMap((dir) => sourceFiles(path.join(repoRoot, dir, 'src')));

describe.each(Object.entries(treeShakenExports))('tree-shaken shared library %s', (library, exportsList) => {
  const imports = appSources.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const pattern = new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${library}'`, 'g');
    const star = new RegExp(
      `import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+'${library}'|import\\s+\\w+\\s+from\\s+'${library}'`,
    );
    if (star.test(text)) return [{ file, name: '* (namespace or default import)' }];
    return [...text.matchAll(pattern)].flatMap((m) =>
      m[1]
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part && !part.startsWith('type '))
        .map((part) => ({ file, name: part.split(/\s+as\s+/)[0].trim() })),
    );
  });

  it('is imported somewhere (the scan finds sources)', () => {
    expect(imports.length).toBeGreaterThan(0);
  });

  it('lists every value any app imports from it, so one tree-shaken build serves all apps', () => {
    const missing = imports.filter(
      ({ name }) => !/^[A-Z]\w*(Props|Object|Options)$/.test(name) && !exportsList.includes(name),
    );
    expect(missing.map(({ file, name }) => `${name} in ${path.relative(repoRoot, file)}`)).toEqual([]);
  });

  it('lists nothing no app imports, since every listed export is shipped to every visitor', () => {
    const used = new Set(imports.map(({ name }) => name));
    expect(exportsList.filter((name) => !used.has(name))).toEqual([]);
  });
});

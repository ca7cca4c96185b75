import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

const SRC = import.meta.dirname;

/** Every relative import of a file, `import type` included (ESLint's cycle rule skips those). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((entry) => entry.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name))
    .flatMap((base) => [`${base}.ts`, path.join(base, 'index.ts')].filter((candidate) => fs.existsSync(candidate)));
}

/** The first cycle found by a depth-first walk, as the files it passes (relative to src), or null. */
function firstCycle(files: string[]): string[] | null {
  const done = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | null => {
    const at = trail.indexOf(file);
    if (at !== -1) return [...trail.slice(at), file].map((f) => path.relative(SRC, f));
    if (done.has(file)) return null;
    for (const next of importsOf(file)) {
      const cycle = walk(next, [...trail, file]);
      if (cycle) return cycle;
    }
    done.add(file);
    return null;
  };
  for (const file of files) {
    const cycle = walk(file, []);
    if (cycle) return cycle;
  }
  return null;
}

describe("the web server's modules", () => {
  it('import each other in one direction only, type-only imports included', () => {
    const files = fs
      .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(SRC, name));
    expect(firstCycle(files)).toBeNull();
  });
});

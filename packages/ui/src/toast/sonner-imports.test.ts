import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Sonner stays out of the first load only while nothing but the toast facade loads it at run time.
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const LOADER = 'packages/ui/src/toast/toast.ts';
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'e2e',
  'test-results',
  'playwright-report',
  '.data',
  '.releases',
]);
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const TEST = /\.(test|spec)\.[jt]sx?$/;

const SONNER = String.raw`['"]sonner(?:/[^'"]*)?['"]`;
const RUN_TIME_IMPORTS = [
  // import { toast } from 'sonner' / export { toast } from 'sonner' (not `import type`)
  new RegExp(String.raw`^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*${SONNER}`, 'gm'),
  // import 'sonner/dist/styles.css'
  new RegExp(String.raw`^\s*import\s*${SONNER}`, 'gm'),
  // import('sonner'), require('sonner')
  new RegExp(String.raw`\b(?:import|require)\s*\(\s*${SONNER}\s*\)`, 'g'),
];

function runTimeSonnerImports(source: string): string[] {
  return RUN_TIME_IMPORTS.flatMap((pattern) => [...source.matchAll(pattern)].map(([match]) => match.trim()));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(file);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [file] : [];
  });
}

describe('sonner is loaded at run time by the toast facade only', () => {
  it('tells run-time imports from type-only ones', () => {
    expect(
      runTimeSonnerImports(
        [
          "import { toast } from 'sonner';",
          'import {\n  Toaster,\n} from "sonner";',
          "export { toast } from 'sonner';",
          "import 'sonner/dist/styles.css';",
          "const loaded = await import('sonner');",
          "const { toast } = require('sonner');",
          "import type { ExternalToast } from 'sonner';",
          "import type * as Sonner from 'sonner';",
          "export type { ExternalToast } from 'sonner';",
          "import { toast } from '@kloof/ui';",
          "const shared = { sonner: '^2.0.0' };",
        ].join('\n'),
      ),
    ).toHaveLength(6);
  });

  it('finds no run-time import of sonner in host, remotes or packages outside the loader', () => {
    const files = ['host', 'remotes', 'packages'].flatMap(sourceFiles);
    expect(files).toContain(LOADER);
    const offenders = files
      .filter((file) => file !== LOADER)
      .flatMap((file) =>
        runTimeSonnerImports(readFileSync(path.join(repoRoot, file), 'utf8')).map((match) => `${file}: ${match}`),
      );
    expect(offenders).toEqual([]);
  });

  it('has the loader import sonner once, lazily', () => {
    expect(runTimeSonnerImports(readFileSync(path.join(repoRoot, LOADER), 'utf8'))).toEqual(["import('sonner')"]);
  });
});

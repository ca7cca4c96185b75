// @ts-check
/**
 * Import cycles, type-only imports included (ESLint's import-x/no-cycle skips `import type`, so a
 * circle with one type-only side passes lint). dpdm parses with TypeScript and keeps type imports
 * when `transform` is off.
 */
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';

/**
 * The cycles among these files, each as the repo-relative paths of its modules.
 * @param {string} root  the folder the globs and the answer are relative to
 * @param {string[]} globs
 * @returns {Promise<string[][]>}
 */
export async function importCycles(root, globs) {
  const tree = await parseDependencyTree(globs, {
    cwd: root,
    context: root,
    transform: false,
    skipDynamicImports: false,
    exclude: /node_modules|[\\/]dist[\\/]/,
  });
  return parseCircular(tree)
    .map((cycle) => inOneOrder(cycle.map((file) => path.relative(root, path.resolve(root, file)))))
    .sort((a, b) => a.join().localeCompare(b.join()));
}

/**
 * A circle told the same way every run: dpdm parses files concurrently, so where it enters a
 * circle varies; it starts here at its first file by name, the order of the arrows kept.
 */
function inOneOrder(cycle) {
  const start = cycle.indexOf([...cycle].sort()[0]);
  return [...cycle.slice(start), ...cycle.slice(0, start)];
}

/** `node cycles.js <root> <glob>...` prints the cycles as JSON (Jest cannot load dpdm: it requires ESM chalk). */
if (process.argv[1] === import.meta.filename) {
  const [root = '.', ...globs] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(await importCycles(path.resolve(root), globs)));
}

// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { treeShakenExports } from '@kloof/apps/shared';

/**
 * The ES module entry of an installed package as an app resolves it (the `import` condition),
 * so the narrowed module below points at the very copy every other import of the app gets.
 * @param {string} name
 * @param {string} fromDir
 */
function esmEntry(name, fromDir) {
  const require = createRequire(path.join(fromDir, 'package.json'));
  const manifestPath = require.resolve(`${name}/package.json`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const exported = manifest.exports?.['.']?.import;
  const file = typeof exported === 'string' ? exported : (exported?.default ?? manifest.module ?? manifest.main);
  return { file: path.resolve(path.dirname(manifestPath), file), version: /** @type {string} */ (manifest.version) };
}

/**
 * Shared libraries each app provides as a module that re-exports only what the apps use
 * (`treeShakenExports`), so the singleton holds exactly that: a plain module of each build,
 * tree-shaken like any other (unlike the federation's own tree shaking, which kept React
 * Router's server runtime and its cookie parsers, ~2.4 KB gzip on every page).
 * It imports the library by file, not by name: by name it would consume itself.
 * Returns the modules (path -> source, for a VirtualModulesPlugin) and the `shared` entries.
 * @param {string} dir  the app's folder
 */
export function narrowedShared(dir) {
  /** @type {Record<string, string>} */
  const modules = {};
  /** @type {Record<string, { import: string, version: string }>} */
  const entries = {};
  for (const [name, names] of Object.entries(treeShakenExports)) {
    const { file, version } = esmEntry(name, dir);
    const modulePath = path.join(dir, 'node_modules', '.kloof-shared', `${name.replace(/\//g, '__')}.js`);
    modules[modulePath] = `export { ${names.join(', ')} } from ${JSON.stringify(file)};\n`;
    entries[name] = { import: modulePath, version };
  }
  return { modules, entries };
}

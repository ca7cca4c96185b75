#!/usr/bin/env node
// Every workspace package's typecheck (`tsc -p tsconfig.json`) in one process and fewer programs
// (typecheck-programs.js): same files, same options as each package's own script, which stays for a
// developer. What it checked is kept in node_modules/.cache/typecheck; CI starts without it.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { tsconfigProjects } from '../lint/layers.js';
import { checkPrograms, programsOf } from './typecheck-programs.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const PACKAGE_SCRIPT = 'tsc -p tsconfig.json';

// `dir/*/tsconfig.json` -> the existing files it names (Node 20 has no fs.globSync).
function expand(pattern) {
  const [parent, star, ...rest] = pattern.split('/');
  if (star !== '*') return fs.existsSync(path.join(root, pattern)) ? [pattern] : [];
  return fs
    .readdirSync(path.join(root, parent))
    .map((name) => path.join(parent, name, ...rest))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

/** Workspace folders with a tsconfig.json and a `typecheck` script; the script must be the plain one. */
function projects() {
  const configs = tsconfigProjects
    .filter((pattern) => pattern !== 'tsconfig.base.json')
    .flatMap(expand)
    .sort();
  return configs.flatMap((config) => {
    const dir = path.join(root, path.dirname(config));
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) return [];
    const script = JSON.parse(fs.readFileSync(manifest, 'utf8')).scripts?.typecheck;
    if (script === undefined) return [];
    // --noEmit is the base's default already; anything else would be checked differently here.
    if (script.replace(/ --noEmit$/, '') !== PACKAGE_SCRIPT) {
      throw new Error(
        `${path.relative(root, manifest)}: typecheck is "${script}"; typecheck-all runs "${PACKAGE_SCRIPT}"`,
      );
    }
    return [path.join(dir, 'tsconfig.json')];
  });
}

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};
const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
const { programs, configErrors } = programsOf(projects());
let errors = configErrors.length;
if (configErrors.length > 0) process.stdout.write(format(configErrors, formatHost));
let started = Date.now();
let checked = 0;
checkPrograms(programs, path.join(root, 'node_modules', '.cache', 'typecheck'), (program, diagnostics, files) => {
  errors += diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  if (diagnostics.length > 0) process.stdout.write(format(diagnostics, formatHost));
  const configs = program.configs.map((config) => path.relative(root, config)).join(', ');
  console.log(`typecheck: ${configs} (${files} files, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  started = Date.now();
  checked += 1;
});
console.log(`typecheck: ${checked} programs, ${errors} errors`);
process.exit(errors > 0 ? 1 : 0);

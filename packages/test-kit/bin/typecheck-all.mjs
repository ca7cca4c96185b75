#!/usr/bin/env node
// Every workspace package's typecheck (`tsc -p tsconfig.json`) in one process and fewer programs:
// packages whose tsconfigs resolve to the same compiler options are checked as one program (the union
// of their files), and files parsed once are shared by every program with the same parsing options
// (lib.d.ts, @types/node, React and emotion types were parsed again for each of ~25 programs).
// Same files, same options as each package's own script; that script stays for a developer.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { tsconfigProjects } from '../lint/layers.js';

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

/** What tells two packages' programs apart: everything but the config's own path and the incremental cache. */
function checkingKey(options) {
  const { configFilePath: _path, incremental: _incremental, tsBuildInfoFile: _info, ...rest } = options;
  const sorted = Object.fromEntries(
    Object.entries(rest)
      .map(([name, value]) => [name, Array.isArray(value) ? [...value].sort() : value])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify(sorted);
}

const parseHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d) };
const configErrors = [];
const groups = new Map();
for (const configPath of projects()) {
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, parseHost);
  if (!parsed) continue;
  configErrors.push(...parsed.errors);
  const key = checkingKey(parsed.options);
  const group = groups.get(key) ?? { options: parsed.options, configs: [], fileNames: new Set() };
  group.configs.push(path.relative(root, configPath));
  for (const file of parsed.fileNames) group.fileNames.add(file);
  groups.set(key, group);
}

// One parse per file and per set of options that change how it parses (the key tsserver shares files by).
const sourceFiles = new Map();
function sharedHost(options) {
  const host = ts.createIncrementalCompilerHost(options);
  const parsingKey = ts.getKeyForCompilerOptions(options, ts.sourceFileAffectingCompilerOptions);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    const mode =
      typeof languageVersionOrOptions === 'object'
        ? JSON.stringify(languageVersionOrOptions)
        : languageVersionOrOptions;
    const key = `${parsingKey}|${mode}|${fileName}`;
    if (!sourceFiles.has(key))
      sourceFiles.set(key, getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate));
    return sourceFiles.get(key);
  };
  return host;
}

const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};
const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
let errors = configErrors.length;
if (configErrors.length > 0) process.stdout.write(format(configErrors, formatHost));
// Each program keeps what it checked under node_modules/.cache (as each package's tsconfig.tsbuildinfo
// does): a second run rechecks what changed and what depends on it. CI starts without it.
const cache = path.join(root, 'node_modules', '.cache', 'typecheck');
for (const [key, { options, configs, fileNames }] of groups) {
  const started = Date.now();
  const name = crypto.createHash('sha256').update(key).digest('hex').slice(0, 12);
  const programOptions = {
    ...options,
    incremental: true,
    noEmit: true,
    tsBuildInfoFile: path.join(cache, `${name}.tsbuildinfo`),
  };
  const builder = ts.createIncrementalProgram({
    rootNames: [...fileNames],
    options: programOptions,
    host: sharedHost(programOptions),
  });
  const diagnostics = [
    ...builder.getOptionsDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  builder.emit(); // with noEmit, only the .tsbuildinfo
  errors += diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  if (diagnostics.length > 0) process.stdout.write(format(diagnostics, formatHost));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const files = builder.getProgram().getSourceFiles().length;
  console.log(`typecheck: ${configs.join(', ')} (${files} files, ${seconds} s)`);
}
console.log(`typecheck: ${groups.size} programs, ${errors} errors`);
process.exit(errors > 0 ? 1 : 0);

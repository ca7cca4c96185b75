// @ts-check
// Packages' tsconfigs as few TypeScript programs: those that resolve to the same compiler options are
// one program over the union of their files, and a file is parsed once for every program that parses
// it alike (lib.d.ts, @types/node, React and emotion types were parsed again for each package).
import crypto from 'node:crypto';
import path from 'node:path';
import ts from 'typescript';

/**
 * @typedef {{ options: ts.CompilerOptions, configs: string[], fileNames: Set<string> }} Program
 * One program: the options its tsconfigs share, those tsconfigs, and the union of their files.
 */

/**
 * The options as a key, lists sorted, without `left` and what only says where the config or the
 * incremental cache is.
 * @param {ts.CompilerOptions} options
 * @param {string[]} left
 */
function optionsKey(options, left = []) {
  const ignored = new Set(['configFilePath', 'incremental', 'tsBuildInfoFile', ...left]);
  const sorted = Object.entries(options)
    .filter(([name]) => !ignored.has(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => [name, Array.isArray(value) ? [...value].sort() : value]);
  return JSON.stringify(Object.fromEntries(sorted));
}

/**
 * The programs that check these tsconfigs, keyed by their options, and the errors reading them.
 * @param {string[]} configPaths absolute paths
 */
export function programsOf(configPaths) {
  /** @type {ts.Diagnostic[]} */
  const configErrors = [];
  const parseHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (/** @type {ts.Diagnostic} */ d) => configErrors.push(d),
  };
  /** @type {Map<string, Program>} */
  const programs = new Map();
  for (const configPath of configPaths) {
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, parseHost);
    if (!parsed) continue;
    configErrors.push(...parsed.errors);
    const key = optionsKey(parsed.options);
    const program = programs.get(key) ?? { options: parsed.options, configs: [], fileNames: new Set() };
    program.configs.push(configPath);
    for (const file of parsed.fileNames) program.fileNames.add(file);
    programs.set(key, program);
  }
  return { programs, configErrors };
}

// Options that change what a program sees, not how one file parses or binds (none of them is in
// TypeScript's own list of those, sourceFileAffectingCompilerOptions): programs differing only here
// share parsed files.
const NOT_PARSING = ['lib', 'types', 'allowJs', 'checkJs'];

/**
 * Checks each program, incrementally: what it checked is kept in `cacheDir` (one .tsbuildinfo per
 * set of options), so a second run rechecks what changed and what depends on it.
 * @param {Map<string, Program>} programs
 * @param {string} cacheDir
 * @param {(program: Program, diagnostics: readonly ts.Diagnostic[], fileCount: number) => void} onChecked
 */
export function checkPrograms(programs, cacheDir, onChecked) {
  // One parse per file and per set of options that change how it parses (the key tsserver shares files by).
  /** @type {Map<string, ts.SourceFile | undefined>} */
  const sourceFiles = new Map();
  for (const [key, program] of programs) {
    const name = crypto.createHash('sha256').update(key).digest('hex').slice(0, 12);
    const options = {
      ...program.options,
      incremental: true,
      noEmit: true,
      tsBuildInfoFile: path.join(cacheDir, `${name}.tsbuildinfo`),
    };
    const host = ts.createIncrementalCompilerHost(options);
    const parsingKey = optionsKey(options, NOT_PARSING);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
      const mode =
        typeof languageVersionOrOptions === 'object'
          ? JSON.stringify(languageVersionOrOptions)
          : languageVersionOrOptions;
      const fileKey = `${parsingKey}|${mode}|${fileName}`;
      if (!sourceFiles.has(fileKey))
        sourceFiles.set(fileKey, getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreate));
      return sourceFiles.get(fileKey);
    };
    const builder = ts.createIncrementalProgram({ rootNames: [...program.fileNames], options, host });
    const diagnostics = [
      ...builder.getOptionsDiagnostics(),
      ...builder.getGlobalDiagnostics(),
      ...builder.getSyntacticDiagnostics(),
      ...builder.getSemanticDiagnostics(),
    ];
    builder.emit(); // with noEmit, only the .tsbuildinfo
    onChecked(program, diagnostics, builder.getProgram().getSourceFiles().length);
  }
}

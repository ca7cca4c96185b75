// @ts-check
// Packages' tsconfigs as few TypeScript programs: those that resolve to the same compiler options are
// one program over the union of their files (unless that shows one of them an augmentation it would
// not see alone), and a file is parsed once for every program that parses it alike (lib.d.ts,
// @types/node, React and emotion types were parsed again for each package).
import crypto from 'node:crypto';
import path from 'node:path';
import ts from 'typescript';

/**
 * @typedef {{ options: ts.CompilerOptions, configs: string[], fileNames: string[][] }} Program
 * One program: the options its tsconfigs share, those tsconfigs, and each one's files.
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
    const program = programs.get(key) ?? { options: parsed.options, configs: [], fileNames: [] };
    program.configs.push(configPath);
    program.fileNames.push(parsed.fileNames);
    programs.set(key, program);
  }
  return { programs, configErrors };
}

// Options that change what a program sees, not how one file parses or binds (none of them is in
// TypeScript's own list of those, sourceFileAffectingCompilerOptions): programs differing only here
// share parsed files.
const NOT_PARSING = ['lib', 'types', 'allowJs', 'checkJs'];

/** A file that changes the types of files that do not import it: a global script, `declare global`, a module augmentation. */
function augments(/** @type {ts.SourceFile} */ file) {
  if (!ts.isExternalModule(file)) return file.statements.some((statement) => !ts.isExpressionStatement(statement));
  return file.statements.some(
    (statement) =>
      ts.isModuleDeclaration(statement) &&
      (ts.isStringLiteral(statement.name) || (statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0),
  );
}

/**
 * The program split where one package would see an augmentation (of fastify, emotion's Theme, the
 * globals) that its own program does not hold: that could hide an error `tsc -p` reports.
 * @param {Program} program
 * @param {ts.CompilerHost} host
 * @returns {Program[]}
 */
function withoutForeignAugmentations(program, host) {
  if (program.configs.length < 2) return [program];
  const filesOf = (/** @type {string[]} */ roots) =>
    ts.createProgram({ rootNames: roots, options: program.options, host }).getSourceFiles();
  const augmenting = filesOf(program.fileNames.flat()).filter(augments);
  const fits = program.fileNames.map((roots) => {
    const own = new Set(filesOf(roots).map((file) => file.fileName));
    return augmenting.every((file) => own.has(file.fileName));
  });
  if (fits.every(Boolean)) return [program];
  /** @param {boolean} fit */
  const part = (fit) => ({
    options: program.options,
    configs: program.configs.filter((_, i) => fits[i] === fit),
    fileNames: program.fileNames.filter((_, i) => fits[i] === fit),
  });
  const misfits = part(false);
  // None fits with all the others: each alone (finding the best grouping is not worth its cost).
  if (!fits.some(Boolean))
    return misfits.configs.map((config, i) => ({
      options: program.options,
      configs: [config],
      fileNames: [misfits.fileNames[i] ?? []],
    }));
  return [part(true), ...withoutForeignAugmentations(misfits, host)];
}

/**
 * Checks each program, incrementally: what it checked is kept in `cacheDir` (one .tsbuildinfo per
 * program), so a second run rechecks what changed and what depends on it.
 * @param {Map<string, Program>} programs
 * @param {string} cacheDir
 * @param {(program: Program, diagnostics: readonly ts.Diagnostic[], fileCount: number) => void} onChecked
 */
export function checkPrograms(programs, cacheDir, onChecked) {
  // One parse per file and per set of options that change how it parses (the key tsserver shares files by).
  /** @type {Map<string, ts.SourceFile | undefined>} */
  const sourceFiles = new Map();
  for (const [key, byOptions] of programs) {
    const options = { ...byOptions.options, incremental: true, noEmit: true };
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
    for (const program of withoutForeignAugmentations({ ...byOptions, options }, host)) {
      const name = crypto.createHash('sha256').update(key).update(program.configs.join()).digest('hex').slice(0, 12);
      const builder = ts.createIncrementalProgram({
        rootNames: program.fileNames.flat(),
        options: { ...options, tsBuildInfoFile: path.join(cacheDir, `${name}.tsbuildinfo`) },
        host,
      });
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
}

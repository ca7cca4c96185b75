import path from 'node:path';
import ts from 'typescript';

/** An edit of one contract file, as a later API change would make it. */
export interface ContractChange {
  /** Path inside packages/api-contract/src, e.g. 'schemas/projects.ts'. */
  file: string;
  replace: string;
  with: string;
}

export interface TypeCheckRun {
  /** The tsconfig.json of the package whose code is checked (its compiler options are used). */
  tsconfig: string;
  /** The files to check (absolute paths); their imports are followed. */
  roots: string[];
  /** Files that exist only for this run (absolute path to text): callers written for the test. */
  extraFiles?: Record<string, string>;
  change?: ContractChange;
}

const parsed = new Map<string, ts.SourceFile>();

/**
 * Type-checks real code against the contract, optionally with one contract file edited in memory,
 * and returns the errors as `file(line): TSnnnn message`. This is how a test proves that a change to
 * the API's schemas stops the code on either side from compiling until it follows.
 */
export function typeErrors(run: TypeCheckRun): string[] {
  const { config } = ts.readConfigFile(run.tsconfig, (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(run.tsconfig));
  const overrides = new Map(Object.entries(run.extraFiles ?? {}).map(([file, text]) => [path.resolve(file), text]));

  if (run.change) {
    const contractIndex = ts.resolveModuleName('@kloof/api-contract', run.roots[0]!, options, ts.sys).resolvedModule;
    if (!contractIndex) throw new Error('@kloof/api-contract does not resolve from ' + run.roots[0]);
    const file = path.resolve(path.dirname(contractIndex.resolvedFileName), run.change.file);
    const text = ts.sys.readFile(file) ?? '';
    // A change that no longer applies must fail loudly, not pass as "no errors".
    if (!text.includes(run.change.replace))
      throw new Error(`${run.change.file} no longer contains: ${run.change.replace}`);
    overrides.set(file, text.replace(run.change.replace, run.change.with));
  }

  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => overrides.has(path.resolve(file)) || fileExists.call(host, file);
  host.readFile = (file) => overrides.get(path.resolve(file)) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError, fresh) => {
    const text = overrides.get(path.resolve(file));
    if (text !== undefined) return ts.createSourceFile(file, text, language);
    // Unchanged files (lib.d.ts, node_modules, the code under test) are parsed once per test file.
    const key = `${typeof language === 'object' ? language.languageVersion : language}:${file}`;
    const cached = parsed.get(key);
    if (cached) return cached;
    const source = getSourceFile.call(host, file, language, onError, fresh);
    if (source) parsed.set(key, source);
    return source;
  };

  const program = ts.createProgram({
    rootNames: [...run.roots, ...overrides.keys()].filter((file, i, all) => all.indexOf(file) === i),
    // One program in memory: the packages' incremental build info is tsc's, not this check's.
    options: { ...options, noEmit: true, incremental: false, tsBuildInfoFile: undefined },
    host,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0];
    if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code} ${message}`;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const where = path.relative(process.cwd(), diagnostic.file.fileName);
    return `${where}(${line + 1}): TS${diagnostic.code} ${message}`;
  });
}

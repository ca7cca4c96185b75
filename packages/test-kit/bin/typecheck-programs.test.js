// @ts-check
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from '@jest/globals';
import { scaled } from '../slowdown.js';
import { checkPrograms, programsOf } from './typecheck-programs.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typecheck-programs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A package folder with a tsconfig (these compiler options) and one source file. */
function pkg(/** @type {string} */ name, /** @type {object} */ compilerOptions, /** @type {string} */ source) {
  fs.mkdirSync(path.join(dir, name, 'src'), { recursive: true });
  const config = { compilerOptions: { strict: true, skipLibCheck: true, noEmit: true, types: [], ...compilerOptions } };
  fs.writeFileSync(path.join(dir, name, 'tsconfig.json'), JSON.stringify({ ...config, include: ['src'] }));
  fs.writeFileSync(path.join(dir, name, 'src', 'index.ts'), source);
  return path.join(dir, name, 'tsconfig.json');
}

const usesTheDom = 'export const title: string = document.title;\n';
const server = pkg('server', { lib: ['ES2023'] }, 'export const port: number = 8080;\n');
const serverToo = pkg('server-too', { lib: ['ES2023'] }, usesTheDom);
const page = pkg('page', { lib: ['DOM', 'ES2023'] }, usesTheDom);
const pageToo = pkg('page-too', { lib: ['ES2023', 'DOM'] }, 'export const width: number = window.innerWidth;\n');

/** The errors of each program, as `package/src/file.ts: message`. */
function errorsOf(/** @type {string[]} */ configs) {
  /** @type {string[]} */
  const errors = [];
  checkPrograms(programsOf(configs).programs, path.join(dir, 'cache'), (_program, diagnostics) => {
    for (const d of diagnostics) {
      const file = d.file ? path.relative(dir, d.file.fileName) : '';
      errors.push(`${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
  });
  return errors;
}

describe('packages typechecked as few programs', () => {
  it('puts packages whose compiler options are the same (lists in any order) in one program, others apart', () => {
    const { programs, configErrors } = programsOf([server, serverToo, page, pageToo]);
    expect(configErrors).toEqual([]);
    expect([...programs.values()].map((program) => program.configs)).toEqual([
      [server, serverToo],
      [page, pageToo],
    ]);
  });

  it(
    "checks each package's files with its own options: the DOM is unknown where its lib leaves it out",
    () => {
      expect(errorsOf([server, serverToo, page, pageToo])).toEqual([
        "server-too/src/index.ts: Cannot find name 'document'. Do you need to change your target library? Try changing the 'lib' compiler option to include 'dom'.",
      ]);
    },
    scaled(60_000),
  );

  it(
    'keeps a package apart from one whose augmentation (here a global) its own program would not see',
    () => {
      const declaring = pkg(
        'declaring',
        { lib: ['ES2023'] },
        'declare global {\n  var region: string;\n}\nexport {};\n',
      );
      const using = pkg('using', { lib: ['ES2023'] }, 'export const where: string = region;\n');
      expect(errorsOf([declaring, using])).toEqual(["using/src/index.ts: Cannot find name 'region'."]);
    },
    scaled(60_000),
  );

  it(
    'rechecks a changed file on the next run (what it checked before is kept, not trusted blindly)',
    () => {
      const configs = [server, serverToo];
      errorsOf(configs);
      fs.writeFileSync(path.join(dir, 'server', 'src', 'index.ts'), "export const port: number = '8080';\n");
      expect(errorsOf(configs)).toEqual([
        "server/src/index.ts: Type 'string' is not assignable to type 'number'.",
        "server-too/src/index.ts: Cannot find name 'document'. Do you need to change your target library? Try changing the 'lib' compiler option to include 'dom'.",
      ]);
    },
    scaled(60_000),
  );
});

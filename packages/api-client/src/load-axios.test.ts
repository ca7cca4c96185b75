import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const src = import.meta.dirname;
const LOADER = 'load-axios.ts';

/** Every place a source names the axios module: import/export ... from, bare import, import(), require(). */
const AXIOS_MODULE =
  /\b(?:(?:import|export)\b[^;'"]*?\bfrom\s*|import\s*\(\s*|require\s*\(\s*|import\s*)['"]axios(?:\/[^'"]*)?['"]/g;

/** The axios imports of a file that run at load time: all but `import type` / `export type` and, in the loader, import('axios'). */
function runtimeAxiosImports(file: string, code: string): string[] {
  return [...code.matchAll(AXIOS_MODULE)]
    .map(([statement]) => statement.replace(/\s+/g, ' '))
    .filter((statement) => !/^(?:import|export) type\b/.test(statement))
    .filter((statement) => !(file === LOADER && /^import ?\(/.test(statement)));
}

const read = (file: string): string => readFileSync(path.join(src, file), 'utf8');

/** Non-test sources; testing/ (outside src) is the test-only entry '@kloof/api-client/testing', which index.ts never imports. */
function sources(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(`testing${path.sep}`))
    .map((file) => file.split(path.sep).join('/'));
}

describe('axios stays out of the first load (issue 9)', () => {
  it('tells runtime imports of axios from type-only ones', () => {
    expect(runtimeAxiosImports('http.ts', "import axios from 'axios';")).toEqual(["import axios from 'axios'"]);
    expect(
      runtimeAxiosImports('errors.ts', 'import {\n  isAxiosError,\n  type AxiosError,\n} from "axios";'),
    ).toHaveLength(1);
    expect(runtimeAxiosImports('a.ts', "import 'axios';\nexport { AxiosError } from 'axios/unsafe/x';")).toHaveLength(
      2,
    );
    expect(runtimeAxiosImports('a.ts', "const a = await import('axios');")).toHaveLength(1);
    expect(runtimeAxiosImports(LOADER, "const a = await import('axios');")).toEqual([]);
    expect(
      runtimeAxiosImports('a.ts', "import type { AxiosInstance } from 'axios';\ndeclare module 'axios' {}"),
    ).toEqual([]);
  });

  it('no source but the loader imports axios at run time, and the loader only with import()', () => {
    const files = sources();
    expect(files).toEqual(expect.arrayContaining([LOADER, 'http.ts', 'errors.ts', 'index.ts', 'calls/auth.ts']));
    const found = files.flatMap((file) =>
      runtimeAxiosImports(file, read(file)).map((statement) => `${file}: ${statement}`),
    );
    expect(found).toEqual([]);
    expect(read(LOADER)).toMatch(/import\(\s*'axios'\s*\)/);
    // The test-only entry imports axios; no product source may import it.
    expect(files.filter((file) => /from '(?:\.\.?\/)+testing\//.test(read(file)))).toEqual([]);
  });
});

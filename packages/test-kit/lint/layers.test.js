// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { scaled } from '../slowdown.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

/** The layer and cycle messages ESLint gives a file with this source at this path of the repo. */
async function importProblems(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('import-x/'))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layers of the house, as pnpm lint enforces them', () => {
  it(
    'lets a remote import the shared packages',
    async () => {
      expect(
        await importProblems('remotes/marketing/src/ok.ts', "import { Button } from '@kloof/ui';\nvoid Button;\n"),
      ).toEqual([]);
    },
    scaled(60_000),
  );

  it(
    'fails a package that imports an app',
    async () => {
      const problems = await importProblems(
        'packages/ui/src/bad.ts',
        "import { App } from '../../../host/src/app/App';\nvoid App;\n",
      );
      expect(problems).toEqual([expect.stringContaining('A package must not import an app.')]);
    },
    scaled(60_000),
  );

  it(
    'fails a remote that imports the host or another remote',
    async () => {
      const host = await importProblems('remotes/marketing/src/bad.ts', "import '../../../host/src/app/App';\n");
      const other = await importProblems('remotes/marketing/src/bad.ts', "import '../../auth/src/pages/Login';\n");
      expect(host).toEqual([expect.stringContaining('A remote must not import the host or another remote.')]);
      expect(other).toEqual([expect.stringContaining('A remote must not import the host or another remote.')]);
    },
    scaled(60_000),
  );

  it(
    'fails the HTTP layer when it imports UI',
    async () => {
      expect(await importProblems('packages/api-client/src/bad.ts', "import '../../ui/src/index';\n")).toEqual([
        expect.stringContaining('The HTTP layer must not show UI.'),
      ]);
    },
    scaled(60_000),
  );

  describe('import cycles', () => {
    const dir = path.join(root, 'packages', 'ui', 'src', `cycle-fixture-${process.pid}`);
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it(
      'fails two modules that import each other',
      async () => {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
        fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
        const problems = await importProblems(
          path.relative(root, path.join(dir, 'a.ts')),
          fs.readFileSync(path.join(dir, 'a.ts'), 'utf8'),
        );
        expect(problems).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle detected/)]);
      },
      scaled(60_000),
    );
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { NodeProgram } from '@kloof/federation/node-bundle';

/**
 * The Node programs `pnpm start` runs compiled (built by `pnpm build:servers`, like the apps by
 * `pnpm build`): each package's entry, bundled into that package's dist folder. `pnpm dev`,
 * `pnpm serve` and the tests run the TypeScript itself.
 */
const programs = [
  { name: 'api', dir: 'packages/api-server', entry: 'src/main.ts', output: 'dist/main.js' },
  { name: 'web', dir: 'packages/web-server', entry: 'src/main.ts', output: 'dist/main.js' },
  { name: 'runner', dir: 'packages/process-runner', entry: 'src/main.ts', output: 'dist/main.js' },
  { name: 'release', dir: 'packages/release-tool', entry: 'src/cli/release.ts', output: 'dist/release.js' },
] as const;

export type ServerProgramName = (typeof programs)[number]['name'];

/** Every program with absolute paths under the repository root. */
export function serverPrograms(root: string): NodeProgram[] {
  return programs.map(({ name, dir, entry, output }) => ({
    name,
    entry: path.join(root, dir, entry),
    output: path.join(root, dir, output),
  }));
}

/** The programs whose built file is missing, each as one line saying how to build it. */
export function unbuiltPrograms(root: string, names: readonly ServerProgramName[]): string[] {
  return serverPrograms(root)
    .filter((program) => names.includes(program.name as ServerProgramName) && !fs.existsSync(program.output))
    .map((program) => `${path.relative(root, program.output)} is not built (pnpm build:servers builds it)`);
}

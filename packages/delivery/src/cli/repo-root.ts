import path from 'node:path';

/** The monorepo root (this file is packages/delivery/src/cli/). */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** A path the user typed, resolved against the folder they typed it in (pnpm scripts run elsewhere). */
export function fromInvocationDir(typed: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), typed);
}

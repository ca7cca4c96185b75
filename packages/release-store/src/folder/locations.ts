import path from 'node:path';

/** The monorepo root (this file is packages/release-store/src/folder/). */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** A path the user typed, resolved against the folder they typed it in (pnpm scripts run elsewhere). */
export function fromInvocationDir(typed: string, invokedIn = process.env.INIT_CWD ?? process.cwd()): string {
  return path.resolve(invokedIn, typed);
}

/**
 * The local releases folder (gitignored, inside the release tool's package: the repo's top level
 * is fixed), unless RELEASES_DIR says otherwise. The release tool writes it, the web server reads it.
 */
export function defaultReleasesDir(env: NodeJS.ProcessEnv = process.env, invokedIn?: string): string {
  return env.RELEASES_DIR
    ? fromInvocationDir(env.RELEASES_DIR, invokedIn)
    : path.join(repoRoot, 'packages', 'release-tool', '.releases');
}

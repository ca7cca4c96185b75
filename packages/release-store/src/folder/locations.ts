import path from 'node:path';
import type { ReleaseStoreSettings } from '@kloof/settings';

/** The monorepo root (this file is packages/release-store/src/folder/). */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * A path the user typed, resolved against the folder they typed it in (`invocationDir`: INIT_CWD,
 * read through the program's declaration; pnpm scripts run elsewhere), else the working directory.
 */
export function fromInvocationDir(typed: string, invocationDir: string | undefined): string {
  return path.resolve(invocationDir ?? process.cwd(), typed);
}

/**
 * The local releases folder (gitignored, inside the release tool's package: the repo's top level
 * is fixed), unless RELEASES_DIR says otherwise. The release tool writes it, the web server reads it.
 */
export function defaultReleasesDir(
  store: Pick<ReleaseStoreSettings, 'releasesDir'>,
  invocationDir: string | undefined,
): string {
  return store.releasesDir
    ? fromInvocationDir(store.releasesDir, invocationDir)
    : path.join(repoRoot, 'packages', 'release-tool', '.releases');
}

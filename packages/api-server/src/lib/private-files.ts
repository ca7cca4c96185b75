import fs from 'node:fs';
import path from 'node:path';

/** Only this user may read or write what the API keeps on disk: data, signing secret, mail with codes. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export class PrivateDataError extends Error {
  constructor(target: string, cause: NodeJS.ErrnoException) {
    super(
      `Cannot make ${target} private to this user (${cause.code ?? cause.message}): it holds the database, ` +
        `the signing secret or mail with codes. Give it to the user the API runs as ` +
        `(chown -R), or remove it to start afresh.`,
    );
    this.name = 'PrivateDataError';
  }
}

/**
 * New files and folders of this process are private whatever the shell's umask (022 would make
 * them readable by every local user). Files created with an explicit mode are unaffected: that is
 * why makePrivate also fixes the tree at start.
 */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/**
 * Creates `dir` if needed and makes it and everything below it private: folders 0700, files 0600.
 * PGlite unpacks its initial database with mode 0666 whatever the umask, and folders made by
 * earlier versions kept whatever modes they got: this runs on every start. Symbolic links inside
 * are never followed (one planted there must not make us chmod a file elsewhere). Returns how many
 * entries had to change.
 */
export function makePrivate(dir: string): number {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let changed = 0;
  const fix = (target: string, stat: fs.Stats) => {
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o7777) === wanted) return;
    try {
      fs.chmodSync(target, wanted);
    } catch (err) {
      throw new PrivateDataError(target, err as NodeJS.ErrnoException);
    }
    changed++;
  };
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      const stat = fs.lstatSync(target);
      if (stat.isDirectory()) {
        fix(target, stat);
        walk(target);
      } else if (stat.isFile()) {
        fix(target, stat);
      }
    }
  };
  fix(dir, fs.statSync(dir)); // the folder itself may be a link the operator chose (DATA_DIR)
  walk(dir);
  return changed;
}

import path from 'node:path';

/**
 * Names read from storage (a bucket key, a version index, a page list, registry.json) are data,
 * never paths: each is checked here before it names a file to write or read. One checker for the
 * release tool and the web server, so both refuse the same names.
 */
export class StoredNameError extends Error {
  constructor(name: string, folder: string, why: string) {
    super(`Refused the stored name ${JSON.stringify(name)} (${why}): it must name a file inside ${folder}.`);
    this.name = 'StoredNameError';
  }
}

/** Why a stored name cannot name a file inside its folder, or null when it can. */
export function storedNameProblem(name: string): string | null {
  if (typeof name !== 'string' || name === '') return 'empty';
  if (name.includes('\0')) return 'a NUL character';
  if (name.includes('\\')) return 'a backslash';
  // Percent escapes are decoded by some reader on the way (a URL, a CDN): `%2e%2e` is `..` there.
  if (/%[0-9a-f]{2}/i.test(name)) return 'a percent escape';
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return 'an absolute path';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a control character';
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    return 'an empty or dot segment';
  return null;
}

/** Whether a stored name may name a file inside its folder. */
export const isStoredName = (name: string): boolean => storedNameProblem(name) === null;

/** Throws a StoredNameError when a stored name is not a plain name inside `where` (a folder or key prefix). */
export function assertStoredName(name: string, where: string): void {
  const problem = storedNameProblem(name);
  if (problem) throw new StoredNameError(name, where, problem);
}

/**
 * The path of stored names (each one or more `/`-separated segments) inside a folder; throws a
 * StoredNameError naming the name and the folder when one would leave it or is not a plain name.
 */
export function storedPath(folder: string, ...names: string[]): string {
  const root = path.resolve(folder);
  for (const name of names) assertStoredName(name, root);
  const resolved = path.resolve(root, ...names);
  // Belt and braces: whatever the checks above missed, the result is inside the folder.
  const relative = path.relative(root, resolved);
  if (!relative || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    throw new StoredNameError(names.join('/'), root, 'outside the folder');
  }
  return resolved;
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE_NAME = '@kloof/api-server';

function isThisPackage(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

/**
 * Finds packages/api-server from the working directory (the package itself, the repo root or
 * anywhere inside either), without import.meta so the code runs as ESM (tsx) and CJS (jest).
 */
export function findPackageRoot(start: string = process.cwd()): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    if (isThisPackage(dir)) return dir;
    const nested = path.join(dir, 'packages', 'api-server');
    if (isThisPackage(nested)) return nested;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function readPackageVersion(): string {
  const root = findPackageRoot();
  if (!root) return '0.0.0';
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

// @ts-check
import path from 'node:path';

/**
 * Keeps `import.meta.dirname` meaning the source file's folder inside a Node bundle: it becomes
 * that folder resolved from the bundle's own URL (the source folders stay where they are), so
 * paths built from it (the repo root, a file read or spawned at run time) reach what they did
 * under tsx, wherever the checkout lies.
 * @this {import('@rspack/core').LoaderContext<{ outDir: string }>}
 * @param {string} source
 */
export default function sourceDirnameLoader(source) {
  if (!source.includes('import.meta.dirname')) return source;
  const relative = path
    .relative(this.getOptions().outDir, this.context ?? '')
    .split(path.sep)
    .join('/');
  const folder = `decodeURIComponent(new URL(${JSON.stringify(`${relative}/`)}, import.meta.url).pathname).replace(/\\/$/, '')`;
  return source.replaceAll('import.meta.dirname', `(${folder})`);
}

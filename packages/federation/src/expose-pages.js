// @ts-check
import fs from 'node:fs';
import path from 'node:path';

/**
 * A remote exposes one module per page: every `src/pages/<Name>.tsx` becomes `./<Name>`.
 * The folder is the single list, so the config and the standalone harness never drift.
 * @param {string} dir  the remote's folder
 * @returns {Record<string, string>}
 */
export function exposePages(dir) {
  const pagesDir = path.join(dir, 'src', 'pages');
  return Object.fromEntries(
    fs
      .readdirSync(pagesDir)
      .filter((file) => /^[A-Z][A-Za-z0-9]*\.tsx$/.test(file))
      .sort()
      .map((file) => [`./${file.replace(/\.tsx$/, '')}`, `./src/pages/${file}`]),
  );
}

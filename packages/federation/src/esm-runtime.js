// @ts-check
import fs from 'node:fs';

/** A file of one of the federation runtime packages, as their CommonJS build names it. */
const federationCjsFile = /[\\/]@module-federation[\\/][a-z-]+[\\/]dist[\\/].+\.cjs$/;

/**
 * The ES module twin of a federation runtime file (`dist/x.cjs` -> `dist/x.js`), or null when
 * the path is not one or the package ships no twin.
 * @param {string} file
 * @returns {string | null}
 */
export function esmTwin(file) {
  if (!federationCjsFile.test(file)) return null;
  const twin = file.replace(/\.cjs$/, '.js');
  return fs.existsSync(twin) ? twin : null;
}

/**
 * The federation plugins locate their runtime with `require.resolve`, so every app bundled the
 * runtime's CommonJS build, which Rspack cannot tree-shake (~5 KB gzip more in the host, ~5 KB
 * more in each remote entry). This plugin points those requests at the packages' own ES module
 * builds: the runtime aliases once all plugins have set them, and absolute `.cjs` imports of the
 * generated runtime entry as they are resolved.
 */
export class EsmFederationRuntimePlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const name = 'EsmFederationRuntimePlugin';
    compiler.hooks.afterPlugins.tap(name, () => {
      const alias = compiler.options.resolve.alias;
      if (!alias || Array.isArray(alias)) return;
      for (const [key, target] of Object.entries(alias)) {
        const twin = typeof target === 'string' ? esmTwin(target) : null;
        if (twin) alias[key] = twin;
      }
    });
    compiler.hooks.normalModuleFactory.tap(name, (factory) => {
      factory.hooks.beforeResolve.tap(name, (data) => {
        const twin = esmTwin(data.request);
        if (twin) data.request = twin;
      });
    });
  }
}

// @ts-check
/**
 * What browser code may not reach: server and build packages, and Node's own modules. ESLint
 * forbids importing them in browser sources (eslint.config.js); a test walks each browser app's
 * workspace dependencies to be sure none of them lists one.
 */
import { builtinModules } from 'node:module';

/** Packages of servers and builds: never part of a page. */
export const serverOnlyPackages = [
  '@aws-sdk/*',
  '@rspack/*',
  'workbox-build',
  'tsx',
  'fastify',
  '@fastify/*',
  'undici',
];

/** Sources that run in a browser (their tests and configs excepted by the lint config). */
export const browserSources = [
  'host/src',
  'remotes/*/src',
  ...['apps', 'api-client', 'api-contract', 'auth', 'ui', 'standalone', 'release-registry'].map(
    (name) => `packages/${name}/src`,
  ),
];

/**
 * no-restricted-imports options for browser code. Bare names go in `paths` (matched exactly: a
 * pattern `process` would also match `./process`), their subpaths and scopes in `patterns`.
 */
export const browserImportRules = (() => {
  const node = 'Browser code runs no Node module.';
  const server = 'Browser code imports no server or build package.';
  const bare = serverOnlyPackages.filter((name) => !name.endsWith('/*'));
  return {
    paths: [
      ...builtinModules.map((name) => ({ name, message: node })),
      ...bare.map((name) => ({ name, message: server })),
    ],
    patterns: [
      { group: ['node:*'], message: node },
      {
        group: [...serverOnlyPackages.filter((name) => name.endsWith('/*')), ...bare.map((name) => `${name}/*`)],
        message: server,
      },
    ],
  };
})();

/** @param {string} name */
export function forbiddenInBrowser(name) {
  return serverOnlyPackages.some((pattern) =>
    pattern.endsWith('/*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
  );
}

/**
 * @typedef {{ name: string, dependencies?: Record<string, string> }} Manifest
 * Every run-time path from a workspace package to a server-only package, as "a -> b -> c". Only
 * workspace packages are followed: they are ours to split; a library's own dependencies are not.
 * @param {string} start  package name
 * @param {(name: string) => Manifest | undefined} workspacePackage  its package.json, if in the workspace
 * @returns {string[]}
 */
export function serverOnlyPaths(start, workspacePackage) {
  /** @type {string[]} */
  const found = [];
  /** @param {string[]} route */
  const walk = (route) => {
    const name = /** @type {string} */ (route.at(-1));
    for (const dependency of Object.keys(workspacePackage(name)?.dependencies ?? {})) {
      if (forbiddenInBrowser(dependency)) found.push([...route, dependency].join(' -> '));
      else if (workspacePackage(dependency) && !route.includes(dependency)) walk([...route, dependency]);
    }
  };
  walk([start]);
  return found;
}

// @ts-check
import { tsImport } from 'tsx/esm/api';
import { apiDevPort, devRemoteFolders } from '@kloof/apps/apps';
import { buildEnvironment } from './settings.js';

/**
 * registry.json served by the host's dev server: every remote at its own dev server, in the
 * format releases use (builds that were never released: a folder URL, no hashes).
 * REGISTRY_FROM=<url of a deployed registry.json> plus REMOTE_OVERRIDES=name=<url of its
 * mf-manifest.json>,... runs one remote locally against deployed others.
 * @returns {Promise<unknown>}
 */
async function devRegistry() {
  /** @type {typeof import('@kloof/release-registry')} */
  const { isRegistryDocument, unreleasedRegistry } = await tsImport('@kloof/release-registry', import.meta.url);
  const { remoteOverrides, registryFrom: from } = buildEnvironment();
  const overrides = Object.fromEntries(
    remoteOverrides.map((pair) => {
      const [name = '', url = ''] = pair.split('=', 2);
      return [name, url.replace(/mf-manifest\.json$/, '')];
    }),
  );
  if (!from) return unreleasedRegistry({ ...devRemoteFolders(), ...overrides });
  const deployed = await (await fetch(from)).json();
  if (!isRegistryDocument(deployed)) throw new Error(`REGISTRY_FROM ${from} is not a release registry.`);
  // The deployed versions live on the deployed site: its origin, not this dev server's.
  const origin = new URL(from).origin;
  for (const entry of Object.values(deployed.apps)) entry.origin ||= origin;
  return { ...deployed, apps: { ...deployed.apps, ...unreleasedRegistry(overrides).apps } };
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} body
 */
function sendJson(res, body) {
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(JSON.stringify(body));
}

/**
 * @param {{ port: number, isHost: boolean }} options
 * @returns {NonNullable<import('@rspack/core').Configuration['devServer']>}
 */
export function devServer({ port, isHost }) {
  return {
    port,
    hot: true,
    historyApiFallback: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: [{ context: ['/v1'], target: `http://127.0.0.1:${apiDevPort}` }],
    setupMiddlewares: (middlewares) => {
      if (!isHost) return middlewares;
      middlewares.unshift(
        {
          name: 'runtime-config',
          path: '/config.json',
          middleware: (
            /** @type {import('node:http').IncomingMessage} */ _req,
            /** @type {import('node:http').ServerResponse} */ res,
          ) => sendJson(res, { apiHost: '' }),
        },
        {
          name: 'release-registry',
          path: '/registry.json',
          middleware: (
            /** @type {import('node:http').IncomingMessage} */ _req,
            /** @type {import('node:http').ServerResponse} */ res,
            /** @type {(error: unknown) => void} */ next,
          ) => {
            devRegistry().then((registry) => sendJson(res, registry), next);
          },
        },
      );
      return middlewares;
    },
  };
}

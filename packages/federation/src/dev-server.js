// @ts-check
import { apiDevPort, devRemoteRegistry } from './apps.js';

/**
 * Runtime config and remote registry served by the host's dev server.
 * REMOTES_FROM=<url of a deployed remotes.json> plus REMOTE_OVERRIDES=name=url,...
 * runs one remote locally against deployed others.
 * @returns {Promise<Record<string, string>>}
 */
async function devRegistry() {
  const base = process.env.REMOTES_FROM
    ? /** @type {Record<string, string>} */ (await (await fetch(process.env.REMOTES_FROM)).json())
    : devRemoteRegistry();
  const overrides = Object.fromEntries(
    (process.env.REMOTE_OVERRIDES ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => /** @type {[string, string]} */ (pair.split('=', 2))),
  );
  return { ...base, ...overrides };
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
          name: 'remote-registry',
          path: '/remotes.json',
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

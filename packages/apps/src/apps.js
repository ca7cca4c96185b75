// @ts-check
/**
 * Every app of the product: its Module Federation name, folder and dev server port.
 * The single source for ports and names, used by configs, dev tooling and the release tool.
 */

/** @typedef {{ name: string, dir: string, port: number }} AppInfo */

/** @type {AppInfo} */
export const host = { name: 'host', dir: 'host', port: 3000 };

/** Every remote, its name kept as a literal type so the host's route table can only name these. */
export const remotes = Object.freeze(
  /** @type {const} */ ([
    { name: 'marketing', dir: 'remotes/marketing', port: 3001 },
    { name: 'auth', dir: 'remotes/auth', port: 3002 },
    { name: 'clientArea', dir: 'remotes/client-area', port: 3003 },
    { name: 'admin', dir: 'remotes/admin', port: 3004 },
  ]),
);

/** @typedef {(typeof remotes)[number]['name']} RemoteName */

/** Port of the API server in development. */
export const apiDevPort = 4000;

/**
 * Where each remote's build is in local development: its own dev server.
 * @returns {Record<string, string>}
 */
export function devRemoteFolders() {
  return Object.fromEntries(remotes.map((r) => [r.name, `http://localhost:${r.port}/`]));
}

/**
 * @param {string} name  Module Federation name of a remote
 * @returns {AppInfo}
 */
export function remote(name) {
  const found = remotes.find((r) => r.name === name);
  if (!found) throw new Error(`Unknown remote "${name}". Known: ${remotes.map((r) => r.name).join(', ')}`);
  return found;
}

// @ts-check
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { ADDITIONAL_ASSETS, onPageAssets } from './process-assets.js';

/** The file a host build writes beside its manifest: remote name -> modules the host loads from it. */
export const REMOTE_MODULES_FILE = 'remote-modules.json';

/**
 * What a host loads from each remote, from its route table's pages: the release tool's
 * compatibility gate checks a remote's candidate exposes every one of them.
 * @param {readonly { remote: string, module: string }[]} routes
 * @returns {Record<string, string[]>}
 */
export function remoteModulesOf(routes) {
  /** @type {Record<string, Set<string>>} */
  const byRemote = {};
  for (const { remote, module } of routes) (byRemote[remote] ??= new Set()).add(module);
  return Object.fromEntries(Object.entries(byRemote).map(([remote, modules]) => [remote, [...modules].sort()]));
}

/**
 * Host only: emits remote-modules.json, computed by running the host's route table module
 * itself (a TypeScript file, loaded with tsx), so the list can never drift from the routes.
 */
export class RemoteModulesPlugin {
  /** @param {{ routeTable: string, exportName?: string }} options  absolute path of the route table */
  constructor({ routeTable, exportName = 'pageRoutes' }) {
    this.routeTable = routeTable;
    this.exportName = exportName;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    onPageAssets(compiler, 'RemoteModulesPlugin', ADDITIONAL_ASSETS, async (compilation) => {
      compilation.fileDependencies.add(this.routeTable);
      const { tsImport } = await import('tsx/esm/api');
      const table = await tsImport(pathToFileURL(this.routeTable).href, import.meta.url);
      const routes = table[this.exportName];
      if (!Array.isArray(routes)) {
        throw new Error(`${path.basename(this.routeTable)} exports no "${this.exportName}" array.`);
      }
      const json = `${JSON.stringify(remoteModulesOf(routes), null, 2)}\n`;
      compilation.emitAsset(REMOTE_MODULES_FILE, new rspack.sources.RawSource(json));
    });
  }
}

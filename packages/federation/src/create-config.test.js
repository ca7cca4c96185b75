import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { host } from '@kloof/apps/apps';
import { createAppConfig } from './create-config.js';
import { RemoteModulesPlugin } from './remote-modules.js';
import { RoutesManifestPlugin } from './routes-manifest.js';
import { ServiceWorkerPlugin } from './service-worker.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const hostDir = path.join(repoRoot, host.dir);

/** The production browser build's plugins, for these options. */
function productionPlugins(options) {
  const config = createAppConfig(options)(undefined, { mode: 'production' });
  return (Array.isArray(config) ? config[0] : config).plugins.filter(Boolean);
}
const pluginOf = (plugins, type) => plugins.find((plugin) => plugin instanceof type);

describe("an app's config takes its own files from the app", () => {
  it('builds the template, service worker and route table the app names, wherever it keeps them', () => {
    const plugins = productionPlugins({
      app: host,
      dir: hostDir,
      template: '/elsewhere/page.html',
      serviceWorker: '/elsewhere/worker.ts',
      routeTable: '/elsewhere/routes.ts',
    });
    expect(plugins.find((plugin) => plugin.name === 'HtmlRspackPlugin')._args[0].template).toBe('/elsewhere/page.html');
    expect(pluginOf(plugins, ServiceWorkerPlugin).swSrc).toBe('/elsewhere/worker.ts');
    expect(pluginOf(plugins, RoutesManifestPlugin).source).toBe('/elsewhere/routes.ts');
    expect(pluginOf(plugins, RemoteModulesPlugin).routeTable).toBe('/elsewhere/routes.ts');
  });

  it('adds no service worker and no route files for an app that names none, whatever its folder holds', () => {
    const plugins = productionPlugins({ app: host, dir: hostDir, template: '/elsewhere/page.html' });
    expect(pluginOf(plugins, ServiceWorkerPlugin)).toBeUndefined();
    expect(pluginOf(plugins, RoutesManifestPlugin)).toBeUndefined();
    expect(pluginOf(plugins, RemoteModulesPlugin)).toBeUndefined();
  });

  it("refuses a host's server build without the prerenderer it names", () => {
    const options = { app: host, dir: hostDir, template: '/elsewhere/page.html', server: true };
    expect(() => createAppConfig(options)(undefined, { mode: 'production' })).toThrow(
      'The server build of host needs its entry (the prerenderer module).',
    );
    const [, server] = createAppConfig({ ...options, serverEntry: '/elsewhere/prerender.ts' })(undefined, {
      mode: 'production',
    });
    expect(server.entry).toEqual({ main: '/elsewhere/prerender.ts' });
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rspack } from '@rspack/core';
import { scaled } from '@kloof/test-kit/slowdown';
import { runCompiler } from './run-compiler.js';
import { devtoolFor, webConfig } from './web-config.js';

describe('source maps of browser builds', () => {
  it('are not emitted by production builds unless SOURCE_MAPS=hidden asks for unreferenced ones', () => {
    expect(devtoolFor(false, undefined)).toBe(false);
    expect(devtoolFor(false, 'yes')).toBe(false);
    // hidden: .map files beside the bundles for an error tracker, no sourceMappingURL in the bundles
    expect(devtoolFor(false, 'hidden')).toBe('hidden-source-map');
  });

  it('stay inline for the dev servers', () => {
    expect(devtoolFor(true, undefined)).toBe('eval-cheap-module-source-map');
  });
});

describe('React Router in browser builds', () => {
  const hostDir = path.resolve(import.meta.dirname, '..', '..', '..', 'host');
  let dir;

  /** The React Router files a build of `import { useNavigate } from 'react-router-dom'` bundles. */
  async function reactRouterFiles(dev) {
    const base = webConfig({ dir: hostDir, srcDirs: [dir], dev, refresh: false, publicPath: '/', uniqueName: 't' });
    const compiler = rspack({
      ...base,
      context: dir,
      entry: { main: './index.js' },
      output: { path: path.join(dir, dev ? 'dev' : 'prod'), filename: '[name].js' },
      // The entry sits outside the app: React Router is found as the host finds it.
      resolve: { ...base.resolve, modules: ['node_modules', path.join(hostDir, 'node_modules')] },
      devtool: false,
      optimization: { ...base.optimization, minimize: false },
    });
    const stats = await runCompiler(compiler);
    const names = stats
      .toJson({ modules: true })
      .modules.flatMap((m) => [m.name, ...(m.modules ?? []).map((n) => n.name)]);
    return names.filter((name) => /react-router\/dist\//.test(name ?? ''));
  }

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-web-config-'));
    await fs.writeFile(
      path.join(dir, 'index.js'),
      "import { useNavigate } from 'react-router-dom';\nconsole.log(useNavigate);\n",
    );
  });

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it(
    'bundles its production build in production, although its package exports name only the development one',
    async () => {
      const files = await reactRouterFiles(false);
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((name) => !name.includes('react-router/dist/production/'))).toEqual([]);
    },
    scaled(60_000),
  );

  it(
    'keeps its development build, with its warnings, for the dev servers',
    async () => {
      const files = await reactRouterFiles(true);
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((name) => !name.includes('react-router/dist/development/'))).toEqual([]);
    },
    scaled(60_000),
  );
});

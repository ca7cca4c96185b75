import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { sharedSingletons, sharedVersions } from './shared.js';
import { host, remotes } from './apps.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const packageJson = (dir) => JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));

describe('shared singletons', () => {
  it('declares every shared library as a singleton with an explicit semver range', () => {
    for (const [name, options] of Object.entries(sharedSingletons())) {
      expect(options.singleton).toBe(true);
      expect(options.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(options.requiredVersion).toBe(sharedVersions[name]);
    }
  });

  it('tree-shakes React Router in production builds only: the dev servers never serve the tree-shaken copy', () => {
    expect(sharedSingletons()['react-router-dom']).toHaveProperty('treeShaking.mode', 'runtime-infer');
    for (const options of Object.values(sharedSingletons({ treeShaking: false })))
      expect(options).not.toHaveProperty('treeShaking');
  });

  it('shares the libraries the architecture names, including the three workspace packages', () => {
    expect(Object.keys(sharedVersions)).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom',
        'react-router-dom',
        '@emotion/react',
        'sonner',
        'axios',
        '@kloof/api-client',
        '@kloof/auth',
        '@kloof/ui',
      ]),
    );
  });

  it.each([host, ...remotes].map((app) => [app.dir]))(
    '%s depends on every shared library, with no workspace:* range',
    (dir) => {
      const deps = packageJson(dir).dependencies;
      for (const name of Object.keys(sharedVersions)) {
        const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
        expect(deps[pkg]).toBeDefined();
        expect(deps[pkg]).not.toBe('workspace:*');
      }
    },
  );

  it('gives every app a distinct name and dev port', () => {
    const apps = [host, ...remotes];
    expect(new Set(apps.map((a) => a.name)).size).toBe(apps.length);
    expect(new Set(apps.map((a) => a.port)).size).toBe(apps.length);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { sharedVersions } from '@kloof/apps/shared';
import { sharedSingletons } from './shared-singletons.js';
import { host, remotes } from '@kloof/apps/apps';

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

  it('provides a narrowed library as its narrowed module, at the library version, still a singleton', () => {
    const narrowed = {
      'react-router-dom': { import: '/app/node_modules/.kloof-shared/react-router-dom.js', version: '7.18.5' },
    };
    expect(sharedSingletons({ narrowed })['react-router-dom']).toEqual({
      singleton: true,
      requiredVersion: sharedVersions['react-router-dom'],
      strictVersion: false,
      import: '/app/node_modules/.kloof-shared/react-router-dom.js',
      version: '7.18.5',
    });
    expect(sharedSingletons()['react-router-dom']).not.toHaveProperty('import');
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

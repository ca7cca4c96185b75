import { describe, expect, it } from '@jest/globals';
import {
  isRegistryDocument,
  manifestUrlOf,
  REGISTRY_TEXT_LIMIT,
  registryDocumentProblem,
  releaseFolderUrl,
  unreleasedRegistry,
} from './document';

const release = (version: string) => ({
  version,
  integrity: { manifest: `sha384-m${version}`, remoteEntry: `sha384-e${version}`, remoteEntryPath: 'remoteEntry.js' },
  releasedAt: '2026-11-29T07:00:00.000Z',
  releasedBy: 'ops',
});

/** A registry as the release tool writes it: every optional part present. */
const written = () => ({
  format: 2,
  apps: {
    host: { origin: '', stable: release('h2'), canary: { ...release('h3'), share: 10, set: 's1' }, previous: 'h1' },
    clientArea: {
      origin: 'https://cdn.example/',
      stable: { ...release('c2'), set: 's1' },
      canary: null,
      previous: 'c1',
      fallback: release('c1'),
    },
  },
  api: { contract: '2.2.0', serves: '^2.0.0', recordedAt: '2026-11-29T07:00:00.000Z', recordedBy: 'ops' },
});

/** The written registry with one field of one app replaced (undefined removes it). */
function withApp(app: 'host' | 'clientArea', field: string, value: unknown): Record<string, unknown> {
  const document = written();
  const entry: Record<string, unknown> = { ...document.apps[app] };
  if (value === undefined) delete entry[field];
  else entry[field] = value;
  return { ...document, apps: { ...document.apps, [app]: entry } };
}

function withHostStable(field: string, value: unknown): Record<string, unknown> {
  return withApp('host', 'stable', { ...release('h2'), [field]: value });
}

describe('a registry document every reader accepts', () => {
  it('is what the release tool writes: apps with stable, canary, fallback, release sets and the API record', () => {
    expect(registryDocumentProblem(written())).toBeNull();
    expect(isRegistryDocument(written())).toBe(true);
  });

  it('is the empty registry before the first release', () => {
    expect(isRegistryDocument({ format: 2, apps: {} })).toBe(true);
  });

  it('is one written before fallbacks, sets and the API record existed', () => {
    const older = {
      format: 2,
      apps: { marketing: { origin: '', stable: release('m1'), canary: null, previous: null } },
    };
    expect(registryDocumentProblem(older)).toBeNull();
  });

  it('is an app whose every release was rolled away (no stable, no canary)', () => {
    expect(registryDocumentProblem(withApp('host', 'stable', null))).toBeNull();
    expect(registryDocumentProblem(withApp('clientArea', 'fallback', null))).toBeNull();
  });

  it('is what dev servers and the dist folders serve: builds by folder, without hashes', () => {
    const served = unreleasedRegistry({ auth: '/remotes/auth/', marketing: 'http://localhost:3001/' });
    expect(registryDocumentProblem(served)).toBeNull();
    expect(served.apps.auth).toEqual({
      origin: '',
      stable: { version: 'unreleased', releasedAt: '', releasedBy: '', url: '/remotes/auth/' },
      canary: null,
      previous: null,
    });
  });

  it('takes canary shares from 0 to 100 percent, fractions included', () => {
    for (const share of [0, 0.5, 99.99, 100]) {
      expect(registryDocumentProblem(withApp('host', 'canary', { ...release('h3'), share }))).toBeNull();
    }
  });
});

describe('a registry document refused, with the first field at fault named', () => {
  it('refuses what is not a JSON object', () => {
    for (const value of [null, 'registry', 2, [], undefined]) {
      expect(registryDocumentProblem(value)).toBe('a registry must be a JSON object');
      expect(isRegistryDocument(value)).toBe(false);
    }
  });

  it('refuses another format (the old pointer files, a future format)', () => {
    expect(registryDocumentProblem({ format: 1, apps: {} })).toBe('format must be 2');
    expect(registryDocumentProblem({ format: '2', apps: {} })).toBe('format must be 2');
    expect(registryDocumentProblem({ apps: {} })).toBe('format must be 2');
  });

  it('refuses the shapes a reader would crash on: the host chooses no release from them', () => {
    const { canary: _missing, ...noCanary } = written().apps.host;
    for (const apps of [[], { host: null }, { host: noCanary }, { host: { ...noCanary, canary: 'h3' } }]) {
      expect(isRegistryDocument({ format: 2, apps })).toBe(false);
    }
  });

  it('refuses apps that are missing, null or a list', () => {
    for (const apps of [undefined, null, [], 'host']) {
      expect(registryDocumentProblem({ format: 2, apps })).toBe('apps must be an object of app entries');
    }
  });

  it('refuses an app name that is not a folder name of /remotes/', () => {
    for (const name of ['Host', '../host', 'host/x', '', '-host', 'a'.repeat(65)]) {
      expect(registryDocumentProblem({ format: 2, apps: { [name]: written().apps.host } })).toBe(
        `apps: "${name.slice(0, 64)}" is not an app name`,
      );
    }
  });

  it('refuses an app entry that is not an object (a reader would crash on it)', () => {
    for (const entry of [null, 'v1', [], 3]) {
      expect(registryDocumentProblem({ format: 2, apps: { host: entry } })).toBe('apps.host must be an object');
    }
  });

  it("refuses an origin that is neither '' nor an http(s) address", () => {
    const problem = "apps.host.origin must be '' (the site's own origin) or an http(s) address";
    for (const origin of ['javascript:alert(1)', '//cdn.example', 'cdn.example', 'https://']) {
      expect(registryDocumentProblem(withApp('host', 'origin', origin))).toBe(problem);
    }
    expect(registryDocumentProblem(withApp('host', 'origin', undefined))).toBe('apps.host.origin must be a string');
  });

  it('refuses a stable or canary that is missing instead of null', () => {
    expect(registryDocumentProblem(withApp('host', 'stable', undefined))).toBe(
      'apps.host.stable must be an object or null',
    );
    expect(registryDocumentProblem(withApp('host', 'canary', undefined))).toBe(
      'apps.host.canary must be an object or null',
    );
  });

  it('refuses a version that is not one folder name (it would climb out of the app folder)', () => {
    const problem = "apps.host.stable.version must be a version name (one folder name, no '/', '\\', '?', '#' or '%')";
    for (const version of ['', '.', '..', '../auth/v1', 'v1\\..', 'v1?x', 'v1#x', '%2e%2e']) {
      expect(registryDocumentProblem(withHostStable('version', version))).toBe(problem);
    }
    expect(registryDocumentProblem(withHostStable('version', 7))).toBe('apps.host.stable.version must be a string');
    expect(registryDocumentProblem(withApp('host', 'previous', '..'))).toMatch(
      /^apps\.host\.previous must be a version/,
    );
    expect(registryDocumentProblem(withApp('host', 'previous', undefined))).toBe('apps.host.previous must be a string');
  });

  it('refuses a release without who and when it was released', () => {
    expect(registryDocumentProblem(withHostStable('releasedAt', undefined))).toBe(
      'apps.host.stable.releasedAt must be a string',
    );
    expect(registryDocumentProblem(withHostStable('releasedBy', 1))).toBe(
      'apps.host.stable.releasedBy must be a string',
    );
  });

  it('refuses hashes that are not strings', () => {
    expect(registryDocumentProblem(withHostStable('integrity', 'sha384-x'))).toBe(
      'apps.host.stable.integrity must be an object',
    );
    expect(registryDocumentProblem(withHostStable('integrity', {}))).toBe(
      'apps.host.stable.integrity.manifest must be a string',
    );
    expect(registryDocumentProblem(withHostStable('integrity', { manifest: 'sha384-x', remoteEntry: 5 }))).toBe(
      'apps.host.stable.integrity.remoteEntry must be a string',
    );
  });

  it('refuses a served folder that is neither a path on this site nor an http(s) address', () => {
    for (const url of ['javascript:alert(1)', '//evil.example/', 'remotes/auth/']) {
      expect(registryDocumentProblem(withHostStable('url', url))).toBe(
        'apps.host.stable.url must be a path on this site or an http(s) address',
      );
    }
  });

  it('refuses a release set id that is not a string', () => {
    expect(registryDocumentProblem(withHostStable('set', 42))).toBe('apps.host.stable.set must be a string');
  });

  it('refuses a canary share outside 0 to 100 or not a number', () => {
    for (const share of [-1, 100.5, '10', null, undefined]) {
      expect(registryDocumentProblem(withApp('host', 'canary', { ...release('h3'), share }))).toBe(
        'apps.host.canary.share must be a number from 0 to 100',
      );
    }
  });

  it('refuses a fallback without hashes: a browser falls back only to a pinned version', () => {
    const { integrity: _unpinned, ...unpinned } = release('c1');
    expect(registryDocumentProblem(withApp('clientArea', 'fallback', unpinned))).toBe(
      'apps.clientArea.fallback.integrity is required (a fallback is pinned by its hashes)',
    );
    expect(registryDocumentProblem(withApp('clientArea', 'fallback', 'c1'))).toBe(
      'apps.clientArea.fallback must be an object or null',
    );
  });

  it('refuses an API record without its contract versions', () => {
    expect(registryDocumentProblem({ ...written(), api: null })).toBe('api must be an object');
    expect(registryDocumentProblem({ ...written(), api: { ...written().api, serves: undefined } })).toBe(
      'api.serves must be a string',
    );
  });

  it(`refuses a text field longer than ${REGISTRY_TEXT_LIMIT} characters, and takes one at the limit`, () => {
    expect(registryDocumentProblem(withHostStable('releasedBy', 'o'.repeat(REGISTRY_TEXT_LIMIT)))).toBeNull();
    expect(registryDocumentProblem(withHostStable('releasedBy', 'o'.repeat(REGISTRY_TEXT_LIMIT + 1)))).toBe(
      `apps.host.stable.releasedBy is longer than ${REGISTRY_TEXT_LIMIT} characters`,
    );
  });
});

describe('where a version is fetched from', () => {
  it('is its stored folder under /remotes/ on the app origin, or the folder it is served from as it is', () => {
    expect(releaseFolderUrl('auth', '', { version: 'v1' })).toBe('/remotes/auth/v1/');
    expect(manifestUrlOf('auth', 'https://cdn.example/', { version: 'v1' })).toBe(
      'https://cdn.example/remotes/auth/v1/mf-manifest.json',
    );
    expect(manifestUrlOf('auth', '', { version: 'unreleased', url: 'http://localhost:3002' })).toBe(
      'http://localhost:3002/mf-manifest.json',
    );
  });
});

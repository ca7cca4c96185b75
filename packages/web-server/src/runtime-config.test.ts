import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { tempDir } from '@kloof/release-tool/testing';
import { foreignOrigins, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  it('defaults to the same origin for the API and /registry.json for the registry', () => {
    expect(loadRuntimeConfig(undefined, undefined)).toEqual({ apiHost: '', registryUrl: '/registry.json' });
  });

  it('reads the file once and lets API_HOST override the API origin', async () => {
    const file = path.join(await tempDir(), 'staging.json');
    await fs.writeFile(
      file,
      JSON.stringify({ apiHost: 'https://api.staging.kloof.example/', registryUrl: '/r/registry.json' }),
    );
    expect(loadRuntimeConfig(file, undefined)).toEqual({
      apiHost: 'https://api.staging.kloof.example',
      registryUrl: '/r/registry.json',
    });
    expect(loadRuntimeConfig(file, '').apiHost).toBe('');
  });

  it.each([
    [[], /expected a JSON object/],
    [{ apiHost: 'ftp://x' }, /"apiHost" must be/],
    [{ apiHost: '/v1' }, /"apiHost" must be/],
    [{ registryUrl: '' }, /"registryUrl" must be/],
    [{ registryUrl: 42 }, /"registryUrl" must be/],
    [{ remotesUrl: '/remotes.json' }, /unknown field "remotesUrl"; known: apiHost, registryUrl/],
  ])('refuses %j with a message naming the field', (raw, message) => {
    expect(() => parseRuntimeConfig(raw, 'config.json')).toThrow(message);
  });

  it('refuses a missing or broken file', async () => {
    const dir = await tempDir();
    expect(() => loadRuntimeConfig(path.join(dir, 'none.json'), undefined)).toThrow(/cannot be read/);
    await fs.writeFile(path.join(dir, 'bad.json'), '{');
    expect(() => loadRuntimeConfig(path.join(dir, 'bad.json'), undefined)).toThrow(/not valid JSON/);
  });

  it('lists only foreign origins, once each', () => {
    expect(
      foreignOrigins([
        '',
        '/registry.json',
        'https://cdn.example/a/mf-manifest.json',
        'https://cdn.example/b',
        'http://x:81/y',
      ]),
    ).toEqual(['https://cdn.example', 'http://x:81']);
  });
});

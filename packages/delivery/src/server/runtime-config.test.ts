import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { tempDir } from '../testing/build-fixtures';
import { foreignOrigins, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  it('defaults to the same origin for the API and /remotes.json for the registry', () => {
    expect(loadRuntimeConfig(undefined, {})).toEqual({ apiHost: '', remotesUrl: '/remotes.json' });
  });

  it('reads the file once and lets API_HOST override the API origin', async () => {
    const file = path.join(await tempDir(), 'staging.json');
    await fs.writeFile(file, JSON.stringify({ apiHost: 'https://api.staging.kloof.example/', remotesUrl: '/r.json' }));
    expect(loadRuntimeConfig(file, {})).toEqual({
      apiHost: 'https://api.staging.kloof.example',
      remotesUrl: '/r.json',
    });
    expect(loadRuntimeConfig(file, { API_HOST: '' }).apiHost).toBe('');
  });

  it.each([
    [[], /expected a JSON object/],
    [{ apiHost: 'ftp://x' }, /"apiHost" must be/],
    [{ apiHost: '/v1' }, /"apiHost" must be/],
    [{ remotesUrl: '' }, /"remotesUrl" must be/],
    [{ remotesUrl: 42 }, /"remotesUrl" must be/],
  ])('refuses %j with a message naming the field', (raw, message) => {
    expect(() => parseRuntimeConfig(raw, 'config.json')).toThrow(message);
  });

  it('refuses a missing or broken file', async () => {
    const dir = await tempDir();
    expect(() => loadRuntimeConfig(path.join(dir, 'none.json'), {})).toThrow(/cannot be read/);
    await fs.writeFile(path.join(dir, 'bad.json'), '{');
    expect(() => loadRuntimeConfig(path.join(dir, 'bad.json'), {})).toThrow(/not valid JSON/);
  });

  it('lists only foreign origins, once each', () => {
    expect(
      foreignOrigins([
        '',
        '/remotes.json',
        'https://cdn.example/a/mf-manifest.json',
        'https://cdn.example/b',
        'http://x:81/y',
      ]),
    ).toEqual(['https://cdn.example', 'http://x:81']);
  });
});

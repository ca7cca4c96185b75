import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { EnvError, markdownTable, settingsIn, tableIn } from '@kloof/settings';
import { buildSettings, readBuildSettings } from './settings.js';

describe("the app builds' environment", () => {
  it('reads the remotes served from elsewhere as a list and SOURCE_MAPS=hidden', () => {
    expect(
      readBuildSettings({
        SOURCE_MAPS: 'hidden',
        REGISTRY_FROM: 'https://staging.example.test/registry.json',
        REMOTE_OVERRIDES: 'marketing=http://localhost:3001/mf-manifest.json, auth=http://localhost:3002/',
      }),
    ).toEqual({
      nodeEnv: undefined,
      sourceMaps: 'hidden',
      registryFrom: 'https://staging.example.test/registry.json',
      remoteOverrides: ['marketing=http://localhost:3001/mf-manifest.json', 'auth=http://localhost:3002/'],
    });
  });

  it('refuses a SOURCE_MAPS it does not know and a REGISTRY_FROM that is not a URL, both at once', () => {
    expect(() => readBuildSettings({ SOURCE_MAPS: 'yes', REGISTRY_FROM: 'registry.json' })).toThrow(EnvError);
    expect(() => readBuildSettings({ SOURCE_MAPS: 'yes', REGISTRY_FROM: 'registry.json' })).toThrow(
      'SOURCE_MAPS must be `hidden` or unset\nREGISTRY_FROM must be the http(s) URL of a deployed registry.json',
    );
  });
});

describe("the README's environment table", () => {
  const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');

  it('is the one generated from the declaration (pnpm --filter @kloof/federation env-table writes it)', () => {
    expect(tableIn(readme)).toBe(markdownTable(buildSettings));
    for (const { env } of settingsIn(buildSettings)) expect(readme).toContain(`| \`${env}\``);
  });
});

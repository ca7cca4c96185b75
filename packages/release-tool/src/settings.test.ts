import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { markdownTable, settingsIn, tableIn } from '@kloof/settings';
import { readReleaseToolSettings, releaseToolSettings } from './settings';

describe("the release tool's environment", () => {
  it('reads where releases live, who releases and which API to ask, keeping a password as given', () => {
    const settings = readReleaseToolSettings({
      RELEASE_STORE: ' s3://kloof-releases/site/ ',
      S3_ENDPOINT: 'https://s3.example.test',
      USER: 'thandi',
      RELEASE_API_PASSWORD: ' spaced pass ',
    });
    expect(settings.store).toMatchObject({
      releaseStore: 's3://kloof-releases/site/',
      s3Endpoint: 'https://s3.example.test',
    });
    expect(settings.user).toBe('thandi');
    expect(settings.api).toEqual({
      url: undefined,
      port: 4000,
      email: undefined,
      password: ' spaced pass ',
      token: undefined,
    });
  });
});

describe("the README's environment table", () => {
  const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');

  it('is the one generated from the declaration (pnpm --filter @kloof/release-tool env-table writes it)', () => {
    expect(tableIn(readme)).toBe(markdownTable(releaseToolSettings));
    for (const { env } of settingsIn(releaseToolSettings)) expect(readme).toContain(`| \`${env}\``);
  });
});

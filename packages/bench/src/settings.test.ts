import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { EnvError, markdownTable, settingsIn, tableIn } from '@kloof/settings';
import { benchSettings, readBenchSettings } from './settings';

describe("the bench's environment", () => {
  it('runs on ports of its own unless moved', () => {
    expect(readBenchSettings({})).toMatchObject({
      apiPort: 4390,
      webPort: 8390,
      apiBenchPort: 4300,
      servingPort: 8300,
    });
    expect(readBenchSettings({ E2E_API_PORT: ' 5510 ', E2E_WEB_PORT: '5520' })).toMatchObject({
      apiPort: 5510,
      webPort: 5520,
    });
  });

  it('refuses a port that is not one, naming each variable, before anything starts', () => {
    const attempt = () => readBenchSettings({ E2E_API_PORT: 'api', E2E_WEB_PORT: '70000' });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(
      'E2E_API_PORT must be an integer between 1 and 65535 (got "api")\nE2E_WEB_PORT must be an integer between 1 and 65535 (got "70000")',
    );
  });
});

describe("the README's environment table", () => {
  const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');

  it('is the one generated from the declaration (pnpm --filter @kloof/bench env-table writes it)', () => {
    expect(tableIn(readme)).toBe(markdownTable(benchSettings));
    for (const { env } of settingsIn(benchSettings)) expect(readme).toContain(`| \`${env}\``);
  });
});

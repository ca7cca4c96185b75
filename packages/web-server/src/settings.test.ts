import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { EnvError, markdownTable, settingsIn, tableIn } from '@kloof/settings';
import { readWebServerSettings, webServerSettings } from './settings';

function problemsOf(env: Record<string, string>): string[] {
  try {
    readWebServerSettings(env);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('the settings were accepted');
}

describe("the web server's environment", () => {
  it('has defaults for a local start: port 8080 on 127.0.0.1, the API on 4000, plain HTTP, no proxy', () => {
    expect(readWebServerSettings({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      apiUpstream: 'http://127.0.0.1:4000',
      https: false,
      logRequests: false,
      trustProxyHops: 1,
      s3SyncSeconds: 2,
    });
  });

  it('reads flags as words and numbers as numbers, and ignores variables it does not know', () => {
    const settings = readWebServerSettings({ PORT: ' 8480 ', HTTPS: 'yes', LOG_REQUESTS: '1', DATABASE_URL: 'x' });
    expect(settings).toMatchObject({ port: 8480, https: true, logRequests: true });
    expect(settings).not.toHaveProperty('databaseUrl');
  });

  it('refuses every bad value at once, naming the variable and its rule', () => {
    expect(problemsOf({ PORT: 'eighty', HTTPS: 'maybe', S3_SYNC_SECONDS: '0', TRUST_PROXY_HOPS: '11' })).toEqual([
      'PORT must be an integer between 0 and 65535 (got "eighty")',
      'HTTPS must be 1, 0, true, false, yes or no',
      'TRUST_PROXY_HOPS must be an integer between 1 and 10 (got "11")',
      'S3_SYNC_SECONDS must be an integer between 1 and 3600 (got "0")',
    ]);
  });
});

describe("the README's environment table", () => {
  const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');

  it('is the one generated from the declaration (pnpm --filter @kloof/web-server env-table writes it)', () => {
    expect(tableIn(readme)).toBe(markdownTable(webServerSettings));
    for (const { env } of settingsIn(webServerSettings)) expect(readme).toContain(`| \`${env}\``);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { EnvError, markdownTable, settingsIn, tableIn } from '@kloof/settings';
import { runnerSettings } from './settings';
import { stacks } from './stacks';

function problemsOf(env: Record<string, string>): string[] {
  try {
    stacks(env);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('the environment was accepted');
}

describe("the process runner's environment", () => {
  it('runs the API on 4000 and the web server on 8080 by default, sharing one new telemetry secret', () => {
    const [api, web] = stacks({}).start;
    expect(api!.env).toMatchObject({ PORT: '4000', TRUST_PROXY: '127.0.0.1', SITE_URL: 'http://localhost:8080' });
    expect(web!.env).toMatchObject({ PORT: '8080', API_UPSTREAM: 'http://127.0.0.1:4000' });
    expect(api!.env!.TELEMETRY_SECRET).toHaveLength(43);
    expect(web!.env!.TELEMETRY_SECRET).toBe(api!.env!.TELEMETRY_SECRET);
    expect(stacks({}).start[0]!.env!.TELEMETRY_SECRET).not.toBe(api!.env!.TELEMETRY_SECRET);
  });

  it('moves both ports and keeps a given secret; the API is told the site is served on WEB_PORT', () => {
    const secret = 'a-telemetry-secret-of-32-characters!';
    const [api, web] = stacks({ API_PORT: '4500', WEB_PORT: ' 8500 ', TELEMETRY_SECRET: secret }).serve;
    expect(api!.env).toEqual({
      PORT: '4500',
      METRICS_PORT: '',
      TRUST_PROXY: '127.0.0.1',
      TELEMETRY_SECRET: secret,
      SITE_URL: 'http://localhost:8500',
    });
    expect(web!.env).toEqual({
      PORT: '8500',
      METRICS_PORT: '',
      API_UPSTREAM: 'http://127.0.0.1:4500',
      TELEMETRY_SECRET: secret,
    });
  });

  it('gives each part its own metrics port, never one METRICS_PORT for both (they would collide)', () => {
    const [api, web] = stacks({ API_METRICS_PORT: '9464', WEB_METRICS_PORT: '9465', METRICS_PORT: '9999' }).start;
    expect(api!.env!.METRICS_PORT).toBe('9464');
    expect(web!.env!.METRICS_PORT).toBe('9465');
    const [quietApi, quietWeb] = stacks({ METRICS_PORT: '9999' }).start;
    expect([quietApi!.env!.METRICS_PORT, quietWeb!.env!.METRICS_PORT]).toEqual(['', '']);
  });

  it("passes a given SITE_URL on as the site's address, under dev as well", () => {
    const env = { WEB_PORT: '8500', SITE_URL: 'https://Kloof.Example/' };
    expect(stacks(env).start[0]!.env!.SITE_URL).toBe('https://kloof.example');
    expect(stacks(env).dev[0]!.env!.SITE_URL).toBe('https://kloof.example');
    expect(stacks({}).dev[0]!.env!.SITE_URL).toBe('http://localhost:3000');
  });

  it('runs the compiled API and web server under start, the TypeScript under serve and dev', () => {
    const { start, serve, dev } = stacks({});
    expect(start.map((part) => part.script)).toEqual(['start:built', 'serve:built']);
    expect(serve.map((part) => part.script)).toEqual(['start', 'serve']);
    expect(dev[0]!.script).toBe('dev');
  });

  it('refuses every bad value at once, before anything starts, naming the variable and its rule', () => {
    expect(
      problemsOf({ API_PORT: 'four', WEB_PORT: '70000', TELEMETRY_SECRET: 'short', SITE_URL: 'https://k.example/app' }),
    ).toEqual([
      'API_PORT must be an integer between 1 and 65535 (got "four")',
      'TELEMETRY_SECRET must be at least 32 characters',
      'WEB_PORT must be an integer between 1 and 65535 (got "70000")',
      "SITE_URL must be the site's origin only, an http(s) URL without a path, query or credentials such as https://example.com",
    ]);
  });
});

describe("the README's environment table", () => {
  const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');

  it('is the one generated from the declaration (pnpm --filter @kloof/process-runner env-table writes it)', () => {
    expect(tableIn(readme)).toBe(markdownTable(runnerSettings));
    for (const { env } of settingsIn(runnerSettings)) expect(readme).toContain(`| \`${env}\``);
  });
});

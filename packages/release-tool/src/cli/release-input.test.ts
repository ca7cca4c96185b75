import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { releaseCli, type CliResult } from '../../testing/cli-runner';
import { fakeBuild, tempDir } from '../../testing/build-fixtures';

let work: string;
let releasesDir: string;

const kloof = releaseCli({ releasesDir: () => releasesDir, cwd: () => work, user: 'ops-lerato' });

/** registry.json and history.jsonl as they are now ('' when absent). */
const snapshot = () =>
  Promise.all(
    ['registry.json', 'history.jsonl'].map((f) => fs.readFile(path.join(releasesDir, f), 'utf8').catch(() => '')),
  );

/** A refusal as ops see it: one `error:` line on stderr, nothing on stdout, exit code 1. */
function expectOneErrorLine(result: CliResult, message: string): void {
  expect(result).toEqual({ code: 1, stdout: '', stderr: `error: ${message}\n` });
}

beforeAll(async () => {
  work = await tempDir();
  releasesDir = path.join(work, 'releases');
  await fakeBuild(work, 'marketing', 'one');
  await fakeBuild(work, 'marketing', 'two');
  await fakeBuild(work, 'admin', 'cdn');
});

describe('release command line input', () => {
  it('refuses an --origin that is not an https origin (or http on loopback) and writes nothing', async () => {
    expect((await kloof('release', 'marketing', '--from', 'marketing-one')).code).toBe(0);
    const before = await snapshot();
    expectOneErrorLine(
      await kloof('release', 'marketing', '--from', 'marketing-two', '--origin', 'javascript:alert(1)'),
      '--origin must be an https URL, or http on localhost (got "javascript:alert(1)").',
    );
    expectOneErrorLine(
      await kloof('release', 'marketing', '--from', 'marketing-two', '--origin', 'https://evil.example/x?y=1#z'),
      '--origin is an origin only, without a path, query, fragment or credentials (got "https://evil.example/x?y=1#z").',
    );
    expectOneErrorLine(
      await kloof('rollback', 'marketing', '--origin', 'http://cdn.example.com'),
      '--origin must be an https URL, or http on localhost (got "http://cdn.example.com").',
    );
    expect(await snapshot()).toEqual(before);

    expect((await kloof('release', 'admin', '--from', 'admin-cdn', '--origin', 'https://CDN.example.com/')).code).toBe(
      0,
    );
    const registry = JSON.parse(await fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8')) as {
      apps: Record<string, { origin: string }>;
    };
    expect(registry.apps.admin?.origin).toBe('https://cdn.example.com');
  }, 60_000);

  it.each([
    ['-5', '--canary takes a whole percent of browsers from 1 to 99 (got "-5").'],
    ['0x10', '--canary takes a number (got "0x10").'],
    ['2.5', '--canary takes a whole percent of browsers from 1 to 99 (got "2.5").'],
    ['100', '--canary takes a whole percent of browsers from 1 to 99 (got "100").'],
  ])(
    'refuses --canary %s with one line and no stack trace',
    async (share, message) => {
      const before = await snapshot();
      expectOneErrorLine(await kloof('release', 'marketing', '--from', 'marketing-two', '--canary', share), message);
      expect(await snapshot()).toEqual(before);
    },
    30_000,
  );

  it('refuses an unknown option, a missing value or a missing app in one line', async () => {
    expectOneErrorLine(
      await kloof('release', 'marketing', '--from', 'marketing-two', '--message', 'hotfix'),
      'Unknown option --message. See --help.',
    );
    expectOneErrorLine(await kloof('prune', '--keep'), '--keep needs a value.');
    expectOneErrorLine(await kloof('rollback'), 'Name one app or release set, and optionally a version. See --help.');
    expectOneErrorLine(await kloof('prune', '--keep', '0x10'), '--keep takes a number (got "0x10").');
  }, 60_000);

  it('refuses a user name that would write a second line into the history, and prints stored ones escaped', async () => {
    const before = await snapshot();
    const forger = releaseCli({
      releasesDir: () => releasesDir,
      cwd: () => work,
      user: 'ops\n2026-11-22T10:00:00.000Z rollback marketing x -> y by ceo',
    });
    expectOneErrorLine(
      await forger('release', 'marketing', '--from', 'marketing-two'),
      'The user name (USER) contains a control character ("ops\\n2026-11-22T10:00:00.000Z rollback marketing x -> y by ceo"); it must be one line.',
    );
    expect(await snapshot()).toEqual(before);

    // A line written by hand (or by an older tool) is printed on one line, its newline escaped.
    const forged = { time: '2026-11-22T09:00:00.000Z', who: 'ops\nfake line', app: 'marketing', action: 'abort' };
    await fs.appendFile(
      path.join(releasesDir, 'history.jsonl'),
      `${JSON.stringify({ ...forged, from: 'a', to: 'b' })}\n`,
    );
    const history = await kloof('history', 'marketing');
    // Newest first: the line appended last leads.
    expect(history.stdout.trimEnd().split('\n')[0]).toBe(
      '2026-11-22T09:00:00.000Z abort marketing a -> b by ops\\nfake line',
    );
  }, 60_000);

  it('reads the API the product runs with: RELEASE_API_URL, else 127.0.0.1 on API_PORT', async () => {
    const onPort = releaseCli({
      releasesDir: () => releasesDir,
      cwd: () => work,
      user: 'ops-lerato',
      env: { RELEASE_API_URL: undefined, API_PORT: '48' },
    });
    expect((await onPort('status')).stdout).toContain(
      'Error rates: not shown, could not reach the API at http://127.0.0.1:48 (ECONNREFUSED)',
    );
    const named = releaseCli({
      releasesDir: () => releasesDir,
      cwd: () => work,
      user: 'ops-lerato',
      env: { RELEASE_API_URL: 'http://127.0.0.1:47', API_PORT: '48' },
    });
    expect((await named('status')).stdout).toContain('could not reach the API at http://127.0.0.1:47 (ECONNREFUSED)');
  }, 60_000);
});

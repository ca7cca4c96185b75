import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { releaseCli } from '../../testing/cli-runner';
import { CURRENT_SHARED, fakeBuild, tempDir } from '../../testing/build-fixtures';

let work: string;
let releasesDir: string;

const kloof = releaseCli({ releasesDir: () => releasesDir, cwd: () => work, user: 'ops-thandi' });

const pages = ['./Home', './Pricing'];

beforeAll(async () => {
  work = await tempDir();
  releasesDir = path.join(work, 'releases');
  await fakeBuild(work, 'host', 'live', { shared: CURRENT_SHARED, loads: { marketing: pages } });
  await fakeBuild(work, 'marketing', 'good', { shared: CURRENT_SHARED, exposes: pages });
  await fakeBuild(work, 'marketing', 'next', { shared: CURRENT_SHARED, exposes: pages });
  // Deliberately incompatible: built against React 20, and drops a page the live host routes to.
  await fakeBuild(work, 'marketing', 'bad', {
    shared: { ...CURRENT_SHARED, react: ['20.0.0', '^20.0.0'] },
    exposes: ['./Home'],
  });
});

describe('release command line: gate, canary, promote, abort, prune, history', () => {
  it('refuses an incompatible remote with a readable diff and exit code 1; --force releases it and says so', async () => {
    expect((await kloof('release', 'host', '--from', 'host-live')).code).toBe(0);
    expect((await kloof('release', 'marketing', '--from', 'marketing-good')).code).toBe(0);
    const registry = await fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8');

    const refused = await kloof('release', 'marketing', '--from', 'marketing-bad');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^error: marketing \S+ is not compatible with what is live:\n/);
    expect(refused.stderr).toMatch(
      / in host \S+: shared react: the candidate requires \^20\.0\.0, the live host provides 19\.3\.1\n/,
    );
    expect(refused.stderr).toMatch(
      / in host \S+: module \.\/Pricing: the live host loads it, the candidate does not expose it\n/,
    );
    expect(refused.stderr).toContain('Nothing was released.');
    expect(await fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8')).toBe(registry);

    const forced = await kloof('release', 'marketing', '--from', 'marketing-bad', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/^marketing: released \S+ -> \S+\n {2}forced past the compatibility gate: /);
    const history = await kloof('history', 'marketing');
    expect(history.stdout).toMatch(
      /release marketing \S+ -> \S+ by ops-thandi FORCED past the compatibility gate: .*shared react/,
    );
    expect((await kloof('rollback', 'marketing')).code).toBe(0);
  }, 120_000);

  it('runs a canary beside the stable version, promotes one and aborts another, all in the history', async () => {
    const canary = await kloof('release', 'marketing', '--from', 'marketing-next', '--canary', '20');
    expect(canary.code).toBe(0);
    expect(canary.stdout).toMatch(/^marketing: canary (\S+) -> (\S+) for 20% of browsers\n$/);
    const status = await kloof('status');
    expect(status.stdout).toMatch(/ {4}canary \S+ for 20% of browsers by ops-thandi at \S+\n/);

    const promoted = await kloof('promote', 'marketing');
    expect(promoted.stdout).toMatch(/^marketing: promoted \S+ -> \S+\n$/);

    expect((await kloof('release', 'marketing', '--from', 'marketing-good', '--canary', '5')).code).toBe(0);
    const aborted = await kloof('rollback', 'marketing');
    expect(aborted.stdout).toMatch(/^marketing: canary aborted \S+ -> \S+\n$/);

    const history = (await kloof('history', 'marketing')).stdout.trim().split('\n');
    expect(history.map((line) => line.split(' ')[1])).toEqual([
      'abort',
      'canary',
      'promote',
      'canary',
      'rollback',
      'release',
      'release',
    ]);
    expect(history[3]).toContain('(20% of browsers)');
    // A page of the newest changes, newest first, and how many older ones it left out.
    const page = (await kloof('history', 'marketing', '--limit', '2')).stdout.trim().split('\n');
    expect(page).toEqual([history[0], history[1], '(5 older; --limit 7 shows all)']);
    expect((await kloof('history', '--limit', '0')).stderr).toBe(
      'error: --limit takes a whole number of changes, 1 or more (got 0).\n',
    );

    const bad = await kloof('release', 'marketing', '--from', 'marketing-next', '--canary', 'half');
    expect(bad).toMatchObject({ code: 1 });
    expect(bad.stderr).toContain('error: --canary takes a number (got "half").');
    expect((await kloof('promote', 'marketing')).stderr).toContain('error: marketing has no canary to promote.');
  }, 120_000);

  it('prunes old versions but keeps the stable, previous and recently live ones', async () => {
    const missing = await kloof('prune');
    expect(missing.stderr).toContain('error: Say how many versions to keep: --keep <n>.');
    const pruned = await kloof('prune', '--keep', '1', 'marketing');
    expect(pruned.code).toBe(0);
    // Every stored version was live within the last 24 hours, and each line says so. The aborted
    // canary was marketing-good again: it reused that stored version (same content stored once).
    const [summary, ...kept] = pruned.stdout.trimEnd().split('\n');
    expect(summary).toBe('marketing: nothing to delete; kept 3');
    expect(kept).toEqual([
      expect.stringMatching(/^ {2}kept \S+: previous, last known good, live in the last 24 hours$/),
      expect.stringMatching(/^ {2}kept \S+: live in the last 24 hours$/),
      expect.stringMatching(/^ {2}kept \S+: stable, one of the newest 1, live in the last 24 hours$/),
    ]);
  }, 60_000);
});

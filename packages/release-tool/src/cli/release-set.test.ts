import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import { releaseCli } from '../../testing/cli-runner';
import { fakeBuild, tempDir } from '../../testing/build-fixtures';

let work: string;
let releasesDir: string;

const kloof = releaseCli({ releasesDir: () => releasesDir, cwd: () => work, user: 'ci-bot' });
const registry = () => readRegistryFile(releasesLayout(releasesDir));

beforeAll(async () => {
  work = await tempDir();
  releasesDir = path.join(work, 'releases');
  for (const label of ['one', 'two']) {
    await fakeBuild(work, 'marketing', label);
    await fakeBuild(work, 'auth', label);
  }
});

const VERSION = '\\d{8}-\\d{6}-\\d{3}-[0-9a-f]{10}';
const SET = 'set-\\d{8}-\\d{6}-\\d{3}-[0-9a-f]{8}';

describe('release sets on the command line', () => {
  it('releases two apps as one set canary, shows it in history and status, and promotes it by its id', async () => {
    await kloof('release', 'marketing', '--from', 'marketing-one');
    await kloof('release', 'auth', '--from', 'auth-one');
    const released = await kloof(
      'release',
      'marketing',
      'auth',
      '--from',
      'marketing-two',
      '--from',
      'auth-two',
      '--canary',
      '40',
    );
    expect(released.stdout).toMatch(
      new RegExp(
        `^release set (${SET}): canary for 40% of browsers \\(marketing, auth, one change\\)\n` +
          `  marketing: canary ${VERSION} -> ${VERSION} for 40% of browsers\n` +
          `  auth: canary ${VERSION} -> ${VERSION} for 40% of browsers\n$`,
      ),
    );
    const id = new RegExp(SET).exec(released.stdout)![0];

    const history = (await kloof('history', 'auth')).stdout.trimEnd().split('\n');
    expect(history).toHaveLength(2);
    // Newest first: the set's canary, then auth's first release.
    expect(history[0]).toMatch(
      new RegExp(
        `^\\S+ canary release set ${id}: marketing ${VERSION} -> ${VERSION}, auth ${VERSION} -> ${VERSION} by ci-bot \\(40% of browsers\\)$`,
      ),
    );
    expect((await kloof('status')).stdout).toMatch(
      new RegExp(`\n {4}canary ${VERSION} for 40% of browsers, in release set ${id} with auth by ci-bot at `),
    );

    const promoted = await kloof('promote', id);
    expect(promoted.stdout.split('\n')[0]).toBe(`release set ${id}: promoted (marketing, auth, one change)`);
    const apps = (await registry()).apps;
    expect([apps.marketing?.canary, apps.auth?.canary]).toEqual([null, null]);
    expect([apps.marketing?.stable?.set, apps.auth?.stable?.set]).toEqual([id, id]);

    const back = await kloof('rollback', 'marketing');
    expect(back.stdout.split('\n').slice(0, 2)).toEqual([
      `marketing is part of release set ${id}: the whole set is rolled back.`,
      `release set ${id}: rolled back (marketing, auth, one change)`,
    ]);
  }, 90_000);

  it('refuses a set it cannot release with one line, before anything is built or written', async () => {
    const before = await kloof('history');
    const unknownSet = 'set-20261122-100001-000-0a1b2c3d';
    const refusals: [string[], string][] = [
      [
        ['release', 'marketing', 'auth', '--from', 'marketing-two'],
        '--from is given once per app named (2 apps, 1 --from).',
      ],
      [
        ['release', 'marketing', 'marketing', '--skip-build'],
        'marketing is named twice; a release set has each app once.',
      ],
      [
        ['release', 'marketing', 'auth', '--skip-build', '--origin', 'https://cdn.example.com'],
        '--origin applies to one app; move it with a release of that app on its own.',
      ],
      [
        ['release', 'marketing', 'shop', '--skip-build'],
        'Unknown app "shop". Known apps: host, marketing, auth, clientArea, admin.',
      ],
      [
        ['rollback', unknownSet],
        `Release set ${unknownSet} is not live: none of its apps runs the version the set made stable.`,
      ],
      [['promote', unknownSet], `Release set ${unknownSet} has no canary running.`],
    ];
    for (const [args, message] of refusals) {
      // One `error:` line on stderr, nothing on stdout, exit code 1.
      expect(await kloof(...args)).toEqual({ code: 1, stdout: '', stderr: `error: ${message}\n` });
    }
    expect(await kloof('history')).toEqual(before);
  }, 90_000);
});

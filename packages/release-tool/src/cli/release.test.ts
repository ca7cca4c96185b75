import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { releaseCli, releaseProcess } from '../../testing/cli-runner';
import { fakeBuild, tempDir, stableManifests } from '../../testing/build-fixtures';
import { readHistory } from '../releases/history';
import { releasesLayout } from '@kloof/release-store/folder';
import { readLive } from '../releases/registry';
import { CONTRACT_VERSION } from '@kloof/api-contract/contract-version';

let work: string;
let releasesDir: string;

const options = { releasesDir: () => releasesDir, cwd: () => work, user: 'ci-bot' };
const kloof = releaseCli(options);
/** The command in a process of its own, where the process is the point (exit code, a race for the lock). */
const shell = releaseProcess(options);

beforeAll(async () => {
  work = await tempDir();
  releasesDir = path.join(work, 'releases');
  await fakeBuild(work, 'marketing', 'one');
  await fakeBuild(work, 'marketing', 'two');
  await fakeBuild(work, 'marketing', 'three');
});

describe('the release command line', () => {
  it('releases from a built folder (relative to where it is typed), rolls back and shows status', async () => {
    const first = await kloof('release', 'marketing', '--from', 'marketing-one');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(/^marketing: released \(nothing\) -> \d{8}-\d{6}-\d{3}-[0-9a-f]{10}\n$/);
    expect((await kloof('release', 'marketing', '--from', 'marketing-two')).code).toBe(0);
    expect((await kloof('release', 'marketing', '--from', 'marketing-three')).code).toBe(0);

    const back = await kloof('rollback', 'marketing');
    expect(back.stdout).toMatch(/^marketing: rolled back \S+ -> \S+\n$/);

    const shown = await kloof('status');
    expect(shown.stdout).toContain(`Releases in ${releasesDir}`);
    expect(shown.stdout).toMatch(
      /marketing: live (\S+)\n {4}stable \1 by ci-bot at \S+\n {4}\S+\n {2}\* \1\n {4}\S+\n/,
    );
    expect(shown.stdout).toMatch(/last change: \S+ rollback marketing \S+ -> \S+ by ci-bot/);
    expect(shown.stdout).toContain('host: nothing live');
    expect(shown.stdout).toContain(
      'Error rates: not shown, could not reach the API at http://127.0.0.1:47 (ECONNREFUSED)',
    );
  }, 60_000);

  it('refuses bad input with a clear message and exit code 1', async () => {
    const unknown = await shell('rollback', 'shop');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain(
      'error: Unknown app "shop". Known apps: host, marketing, auth, clientArea, admin.',
    );
    const missing = await kloof('release', 'marketing', '--from', 'no-such-build');
    expect(missing.stderr).toContain(`error: ${path.join(work, 'no-such-build')} is not a folder.`);
    const noApp = await kloof('release');
    expect(noApp.stderr).toContain('error: Name one app to release.');
  }, 60_000);

  it('keeps registry.json valid when several rollbacks run at once, in processes of their own and in this one', async () => {
    const layout = releasesLayout(releasesDir);
    const versions = (await fs.readdir(layout.appDir('marketing'))).sort();
    const history = await readHistory(layout);
    const before = history.length;
    // Three processes race for the lock with three commands of this process (which share one process's lock state).
    const results = await Promise.all(
      [0, 1, 2, 0, 1, 2].map((i, n) => (n % 2 ? kloof : shell)('rollback', 'marketing', versions[i]!)),
    );
    const registry = await stableManifests(layout);
    const live = (await readLive(layout)).marketing!.version;
    expect(registry).toEqual({ marketing: `/remotes/marketing/${live}/mf-manifest.json` });
    const changes = (await readHistory(layout)).slice(before);
    expect(changes).toHaveLength(results.filter((r) => r.code === 0).length);
    expect(changes.at(-1)?.to).toBe(live);
    // One after the other: each change starts where the one before it left marketing.
    expect(changes.map((change) => change.from)).toEqual([
      history.at(-1)?.to,
      ...changes.slice(0, -1).map((c) => c.to),
    ]);
    for (const failed of results.filter((r) => r.code !== 0)) expect(failed.stderr).toMatch(/is already at/);
  }, 60_000);
});

describe('release:api, the check before an API deploy', () => {
  it('lists what an API would break (exit 1), records one that breaks nothing, and says when the API to ask cannot be reached', async () => {
    const dir = await tempDir();
    const api = releaseCli({ releasesDir: () => dir, cwd: () => work, user: 'ops' });
    // A build against the contract this API serves; an API serving only a later major breaks it.
    await fakeBuild(work, 'auth', 'api-1', { contract: CONTRACT_VERSION });
    expect((await api('release', 'auth', '--from', 'auth-api-1')).code).toBe(0);

    const check = await api('api', '--check', '--serves', '>=99.0.0 <=99.0.0');
    expect(check.code).toBe(1);
    const contract = CONTRACT_VERSION.replaceAll('.', '\\.');
    expect(check.stdout).toMatch(
      new RegExp(
        `^An API serving contracts >=99\\.0\\.0 <=99\\.0\\.0 would break:\\n {2}auth \\S+ \\(stable\\) calls contract ${contract}\\n$`,
      ),
    );

    const refused = await api('api', '--serves', '>=99.0.0 <=99.0.0');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: An API serving contracts >=99\.0\.0 <=99\.0\.0 would break/);

    const recorded = await api('api');
    expect(recorded.code).toBe(0);
    expect(recorded.stdout).toMatch(/^api: recorded contract \S+, serving >=\S+ <=\S+ \(was none recorded\)\n$/);
    expect((await api('api')).stdout).toMatch(/is already recorded; nothing changed\.\n$/);

    const unreachable = await api('api', '--check', '--api', 'http://127.0.0.1:47');
    expect(unreachable).toMatchObject({ code: 1, stdout: '' });
    expect(unreachable.stderr).toBe('error: could not reach the API at http://127.0.0.1:47 (ECONNREFUSED)\n');
  }, 60_000);
});

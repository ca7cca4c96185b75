import path from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { readRegistryFile, releasesLayout, type ReleasesLayout } from '@kloof/release-store/folder';
import { fakeBuild, tempDir } from '../../testing/build-fixtures';
import { checkApiDeploy, recordApiDeploy } from './api-deploy';
import { IncompatibleReleaseError } from './gate';
import { readHistory } from './history';
import { release, rollback } from './store';

let work: string;
let layout: ReleasesLayout;

beforeEach(async () => {
  work = await tempDir();
  layout = releasesLayout(path.join(work, 'releases'));
});

const build = (app: string, label: string, contract?: string) => fakeBuild(work, app, label, { contract });
const API_1 = { contract: '1.1.0', serves: '>=1.0.0 <=1.1.0' };
const API_2 = { contract: '2.0.0', serves: '>=2.0.0 <=2.0.0' };

describe('contract skew: the gate refuses a build the recorded API cannot serve', () => {
  it('refuses a remote built against a newer contract than the API serves, naming both sides', async () => {
    await recordApiDeploy(layout, API_1);
    const refused = release(layout, 'marketing', await build('marketing', 'new', '1.2.0'));
    await expect(refused).rejects.toThrow(IncompatibleReleaseError);
    await expect(refused).rejects.toThrow(
      /marketing \S+: API contract: the candidate calls contract 1\.2\.0, the live API serves >=1\.0\.0 <=1\.1\.0/,
    );
    expect((await readRegistryFile(layout)).apps.marketing).toBeUndefined();
  });

  it('lets through builds of any served version, and builds that record none (built before contracts were recorded)', async () => {
    await recordApiDeploy(layout, API_1);
    await expect(release(layout, 'marketing', await build('marketing', 'old', '1.0.0'))).resolves.toMatchObject({
      changed: true,
    });
    await expect(release(layout, 'auth', await build('auth', 'now', '1.1.0'))).resolves.toMatchObject({
      changed: true,
    });
    await expect(release(layout, 'admin', await build('admin', 'none'))).resolves.toMatchObject({ changed: true });
  });

  it('checks nothing while no API deploy is recorded', async () => {
    await expect(release(layout, 'marketing', await build('marketing', 'x', '9.0.0'))).resolves.toMatchObject({
      changed: true,
    });
  });

  it('refuses a rollback to a version the API no longer serves, unless forced', async () => {
    const old = await release(layout, 'marketing', await build('marketing', 'one', '1.0.0'));
    await release(layout, 'marketing', await build('marketing', 'two', '2.0.0'));
    await recordApiDeploy(layout, API_2, { force: true });
    await expect(rollback(layout, 'marketing')).rejects.toThrow(
      /calls contract 1\.0\.0, the live API serves >=2\.0\.0/,
    );
    await expect(rollback(layout, 'marketing', undefined, { force: true })).resolves.toMatchObject({ to: old.to });
  });
});

describe('the check before an API deploy', () => {
  it('lists the stable, canary and rollback-target builds an API would not serve', async () => {
    const first = await release(layout, 'marketing', await build('marketing', 'one', '1.0.0'));
    const second = await release(layout, 'marketing', await build('marketing', 'two', '1.1.0'));
    const canary = await release(layout, 'marketing', await build('marketing', 'three', '1.0.0'), { canary: 10 });
    await release(layout, 'auth', await build('auth', 'one', '2.0.0'));

    expect(await checkApiDeploy(layout, API_2)).toEqual([
      { app: 'marketing', version: second.to, role: 'stable', contract: '1.1.0' },
      { app: 'marketing', version: canary.to, role: 'canary', contract: '1.0.0' },
      { app: 'marketing', version: first.to, role: 'rollback target', contract: '1.0.0' },
    ]);
    expect(await checkApiDeploy(layout, { contract: '2.0.0', serves: '>=1.0.0 <=2.0.0' })).toEqual([]);
  });

  it('refuses to record an API that would break what browsers run, and records it once nothing would', async () => {
    await release(layout, 'marketing', await build('marketing', 'one', '1.0.0'));
    await expect(recordApiDeploy(layout, API_2)).rejects.toThrow(
      /An API serving contracts >=2\.0\.0 <=2\.0\.0 would break[\s\S]*marketing \S+ \(stable\) calls contract 1\.0\.0[\s\S]*Nothing was recorded/,
    );
    expect((await readRegistryFile(layout)).api).toBeUndefined();

    const recorded = await recordApiDeploy(layout, API_1);
    expect(recorded).toMatchObject({ from: null, changed: true, forced: [] });
    expect((await readRegistryFile(layout)).api).toMatchObject(API_1);
    expect(await recordApiDeploy(layout, API_1)).toMatchObject({ changed: false });
    expect((await readHistory(layout)).filter((e) => e.app === 'api')).toEqual([
      expect.objectContaining({ action: 'api', from: null, to: '1.1.0', reason: 'serves >=1.0.0 <=1.1.0' }),
    ]);
  });

  it('records a forced deploy with what it strands in the history', async () => {
    const live = await release(layout, 'auth', await build('auth', 'one', '1.0.0'));
    const result = await recordApiDeploy(layout, API_2, { force: true });
    expect(result.forced).toEqual([{ app: 'auth', version: live.to, role: 'stable', contract: '1.0.0' }]);
    expect((await readHistory(layout)).at(-1)).toMatchObject({
      app: 'api',
      forced: [`auth ${live.to} (stable) calls contract 1.0.0`],
    });
  });

  it('refuses what is not a version or a range, with one line', async () => {
    await expect(recordApiDeploy(layout, { contract: 'one', serves: '>=1.0.0' })).rejects.toThrow(
      '"one" is not a contract version.',
    );
    await expect(checkApiDeploy(layout, { contract: '1.0.0', serves: 'all of them' })).rejects.toThrow(
      '"all of them" is not a semver range of contract versions.',
    );
  });

  it('keeps the recorded API when apps are released after it', async () => {
    await recordApiDeploy(layout, API_1);
    await release(layout, 'marketing', await build('marketing', 'one', '1.1.0'));
    expect((await readRegistryFile(layout)).api).toMatchObject(API_1);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { releasesLayout } from '@kloof/release-store/folder';
import { releaseCli } from '../../testing/cli-runner';
import { fakeBuild, tempDir } from '../../testing/build-fixtures';
import { readHistory } from '../releases/history';

let work: string;
let releasesDir: string;

const kloof = releaseCli({ releasesDir: () => releasesDir, cwd: () => work, user: 'ci-bot' });
const registry = async () =>
  JSON.parse(await fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8')) as {
    apps: Record<string, { canary: { version: string; share: number; releasedBy: string } | null }>;
  };
const history = () => readHistory(releasesLayout(releasesDir));

beforeAll(async () => {
  work = await tempDir();
  releasesDir = path.join(work, 'releases');
  await fakeBuild(work, 'marketing', 'one');
  await fakeBuild(work, 'marketing', 'two');
});

describe('who and why in the history, and a canary sent to another share', () => {
  it('records --reason and --who with each change, and moves a running canary to a new share', async () => {
    expect((await kloof('release', 'marketing', '--from', 'marketing-one')).code).toBe(0);
    const canary = await kloof(
      'release',
      'marketing',
      '--from',
      'marketing-two',
      '--canary',
      '10',
      '--reason',
      'try it',
    );
    expect(canary.code).toBe(0);
    const version = (await registry()).apps.marketing!.canary!.version;

    const wider = await kloof('share', 'marketing', '40', '--reason', 'no errors after an hour', '--who', 'alice');
    expect(wider).toMatchObject({ code: 0, stderr: '' });
    expect(wider.stdout).toBe(`marketing: canary ${version} -> ${version} for 40% of browsers\n`);
    expect((await registry()).apps.marketing!.canary).toMatchObject({ version, share: 40, releasedBy: 'alice' });

    const lines = await history();
    expect(lines.at(-2)).toMatchObject({ action: 'canary', who: 'ci-bot', reason: 'try it', share: 10 });
    expect(lines.at(-1)).toMatchObject({
      action: 'canary',
      from: version,
      to: version,
      share: 40,
      who: 'alice',
      reason: 'no errors after an hour',
    });
  });

  it('refuses a share out of range or without a canary, and a reason of two lines, changing nothing', async () => {
    const before = await fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8');
    const count = (await history()).length;

    expect(await kloof('share', 'marketing', '100')).toMatchObject({
      code: 1,
      stderr: 'error: the share takes a whole percent of browsers from 1 to 99 (got "100").\n',
    });
    expect(await kloof('share', 'auth', '20')).toMatchObject({
      code: 1,
      stderr: 'error: auth has no canary running.\n',
    });
    const forged = await kloof('promote', 'marketing', '--reason', 'fine\nmarketing: rolled back by nobody');
    expect(forged.code).toBe(1);
    expect(forged.stderr).toMatch(/^error: The reason contains a control character .*; it must be one line\.\n$/);

    expect(await fs.readFile(path.join(releasesDir, 'registry.json'), 'utf8')).toBe(before);
    expect((await history()).length).toBe(count);
  });
});

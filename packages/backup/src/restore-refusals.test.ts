import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { release } from '@kloof/release-tool/store';
import { fakeBuild } from '@kloof/release-tool/testing';
import { apiTestEnv } from '@kloof/test-kit/api-test-env';
import { scaled } from '@kloof/test-kit/slowdown';
import { signedUpClient, testSite, type TestSite } from '../testing/site';
import { backUp } from './backup';
import { main } from './main';
import { restore } from './restore';

let site: TestSite;
let good: string;
let copies = 0;

/** What a refused restore must leave as it was: the live registry and the folders beside the data. */
async function siteNow() {
  // A restore stages and keeps aside beside the folder it restores, under the folder's own name.
  const beside = async (dir: string) =>
    (await fs.readdir(path.dirname(dir))).filter((name) => name.startsWith(path.basename(dir))).sort();
  return {
    registry: await fs.readFile(site.releases.registryFile, 'utf8'),
    besideReleases: await beside(site.releases.root),
    // PGlite's restore stages beside its data folder; PostgreSQL's is one transaction: its rows tell.
    database: site.database.databaseUrl ? await site.userEmails() : await beside(site.database.dataDir),
  };
}

/** A copy of the good backup, changed by `tamper`. */
async function backupCopy(tamper: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(site.work, `copy-${++copies}`);
  await fs.cp(good, dir, { recursive: true });
  await tamper(dir);
  return dir;
}

/** `pnpm restore <dir>` as ops run it, against this site; exit code and what it wrote. */
async function restoreCommand(dir: string) {
  const out = { stdout: '', stderr: '' };
  const env = {
    ...apiTestEnv,
    DATA_DIR: site.database.dataDir,
    RELEASES_DIR: site.releases.root,
    ...(site.database.databaseUrl
      ? { DATABASE_URL: site.database.databaseUrl, DATABASE_SCHEMA: site.database.databaseSchema }
      : {}),
  };
  const code = await main(['restore', dir], env, {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
  });
  return { code, ...out };
}

beforeAll(async () => {
  site = await testSite('refusals');
  let api = await site.startApi();
  await signedUpClient(api, 'kept@drill.example');
  await api.app.close();
  await release(site.releases, 'host', await fakeBuild(site.work, 'host', 'backed-up'));
  good = path.join(site.work, 'good');
  await backUp(site, good);
  // Live now: a later client and release, which a restore that went ahead would drop.
  api = await site.startApi();
  await signedUpClient(api, 'later@drill.example');
  await api.app.close();
  await release(site.releases, 'host', await fakeBuild(site.work, 'host', 'later'));
}, scaled(120_000));
afterAll(async () => site?.remove());

describe('a restore refuses, in one line, and changes nothing', () => {
  it('a backup with a file changed after it was taken', async () => {
    const before = await siteNow();
    const dir = await backupCopy((d) => fs.appendFile(path.join(d, 'releases', 'registry.json'), ' '));
    expect(await restoreCommand(dir)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'restore: releases/registry.json does not match its SHA-256 in manifest.json: the backup was changed or damaged\n',
    });
    expect(await siteNow()).toEqual(before);
  });

  it('a backup whose database copy was cut short', async () => {
    const before = await siteNow();
    const dir = await backupCopy(async (d) => {
      const file = (await fs.readdir(d)).find((name) => name.startsWith('database.')) as string;
      await fs.truncate(path.join(d, file), 100);
    });
    await expect(restore(site, dir)).rejects.toThrow(/^database\.\S+ does not match its SHA-256 in manifest\.json/);
    expect(await siteNow()).toEqual(before);
  });

  it('a backup that did not finish (no manifest)', async () => {
    const before = await siteNow();
    const dir = await backupCopy((d) => fs.rm(path.join(d, 'manifest.json')));
    await expect(restore(site, dir)).rejects.toThrow(
      `no manifest.json in ${dir}: not a backup, or one that did not finish`,
    );
    expect(await siteNow()).toEqual(before);
  });

  it('a backup with a release file its manifest does not list', async () => {
    const before = await siteNow();
    const dir = await backupCopy((d) => fs.writeFile(path.join(d, 'releases', 'planted.js'), 'alert(1)'));
    await expect(restore(site, dir)).rejects.toThrow(
      'releases/planted.js is not in manifest.json: the backup was changed',
    );
    expect(await siteNow()).toEqual(before);
  });

  it(
    'a site whose API is running',
    async () => {
      const before = await siteNow();
      const api = await site.startApi();
      try {
        await expect(restore(site, good)).rejects.toThrow(/^the API is running \(/);
      } finally {
        await api.app.close();
      }
      expect(await siteNow()).toEqual(before);
    },
    scaled(60_000),
  );
});

describe('a backup', () => {
  it('refuses a folder that is not empty, so no earlier backup is mixed into it', async () => {
    await expect(backUp(site, good)).rejects.toThrow(`${good} is not empty: back up into a new folder`);
  });
});

describe('a backup of a PGlite folder with no database', () => {
  it('is refused instead of backing up a new, empty one', async () => {
    // PGlite's folder on either pass: pg_dump refuses a database that does not exist by itself.
    const dataDir = path.join(site.work, 'no-such-data', 'pglite');
    const empty = { ...site, database: { ...site.database, databaseUrl: undefined, dataDir } };
    const dir = path.join(site.work, 'of-nothing');
    await expect(backUp(empty, dir)).rejects.toThrow(`${empty.database.dataDir} holds no database`);
    await expect(fs.stat(path.dirname(empty.database.dataDir))).rejects.toThrow('ENOENT');
  });
});

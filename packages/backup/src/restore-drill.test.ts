import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { readRegistryFile } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { fakeBuild } from '@kloof/release-tool/testing';
import { scaled } from '@kloof/test-kit/slowdown';
import { projectOf, signedUpClient, signIn, testSite, type Api, type TestSite } from '../testing/site';
import { backUp } from './backup';
import { restore } from './restore';

/** What the site serves: a client's projects, whether a later client exists, the live host page. */
async function served(site: TestSite, api: Api, clients: { early: string; late: string }) {
  const token = await signIn(api, clients.early);
  const projects = await api.call<{ items: { name: string }[] }>('GET', '/v1/projects', undefined, token);
  const late = await api.call('POST', '/v1/auth/login', { email: clients.late, password: 'drill password 1' });
  const registry = await readRegistryFile(site.releases);
  const host = registry?.apps.host?.stable?.version as string;
  return {
    projects: projects.body.items.map((project) => project.name),
    lateClientSignsIn: late.status === 200,
    registry,
    hostPage: await fs.readFile(path.join(site.releases.versionDir('host', host), 'index.html'), 'utf8'),
  };
}

describe(`restore drill (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let site: TestSite;
  afterAll(async () => site?.remove());

  it(
    'writes, backs up, writes more, restores: the site serves exactly what it served at the backup',
    async () => {
      site = await testSite('drill');
      const clients = { early: 'early@drill.example', late: 'late@drill.example' };
      let api = await site.startApi();
      await projectOf(api, await signedUpClient(api, clients.early), 'Before the backup');
      await release(site.releases, 'host', await fakeBuild(site.work, 'host', 'first'));
      const atBackup = await served(site, api, clients);
      await api.app.close();

      const backup = path.join(site.work, 'backup');
      const manifest = await backUp(site, backup);
      expect(manifest.database.kind).toBe(site.database.databaseUrl ? 'postgres' : 'pglite');

      api = await site.startApi();
      await projectOf(api, await signIn(api, clients.early), 'After the backup');
      await signedUpClient(api, clients.late);
      await release(site.releases, 'host', await fakeBuild(site.work, 'host', 'second'));
      const later = await served(site, api, clients);
      expect(later.projects).toEqual(['After the backup', 'Before the backup']);
      expect(later.hostPage).not.toBe(atBackup.hostPage);
      await api.app.close();

      await restore(site, backup);
      api = await site.startApi();
      try {
        expect(await served(site, api, clients)).toEqual({ ...atBackup, lateClientSignsIn: false });
        expect(atBackup.projects).toEqual(['Before the backup']);
      } finally {
        await api.app.close();
      }
    },
    scaled(120_000),
  );
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { fakeBuild, tempDir } from '../../testing/build-fixtures';
import { contentHash } from './versions';

describe("a build's identity", () => {
  it('is the same for two builds of the same source whose build statistics list modules in another order', async () => {
    const work = await tempDir();
    const first = await fakeBuild(work, 'marketing', 'same');
    const second = path.join(work, 'second');
    await fs.cp(first, second, { recursive: true });
    await fs.writeFile(path.join(first, 'mf-stats.json'), JSON.stringify({ modules: ['Home', 'Contact'] }));
    await fs.writeFile(path.join(second, 'mf-stats.json'), JSON.stringify({ modules: ['Contact', 'Home'] }));
    expect(await contentHash(second)).toBe(await contentHash(first));
  });

  it('changes with any byte the site serves', async () => {
    const work = await tempDir();
    const build = await fakeBuild(work, 'marketing', 'one');
    const before = await contentHash(build);
    await fs.appendFile(path.join(build, 'mf-manifest.json'), ' ');
    expect(await contentHash(build)).not.toBe(before);
  });
});

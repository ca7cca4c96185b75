import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { ReleasesLayout } from '@kloof/release-store/folder';
import { fakeBuild, freshReleases, releaseMoment as at } from '../../testing/build-fixtures';
import { checkHostPins } from './host-pins';
import { readLive, sri } from './registry';
import { release, rollback } from './store';

let work: string;
let layout: ReleasesLayout;

beforeEach(async () => {
  ({ work, layout } = await freshReleases());
});

/** A fake host build whose index.html is `html` around its one chunk (main.<hash>.js, its bytes' pin given). */
async function hostWith(label: string, html: (main: string, pin: string) => string): Promise<string> {
  const dir = await fakeBuild(work, 'host', label);
  const main = (await fs.readdir(dir)).find((name) => name.startsWith('main.'))!;
  const pin = sri(await fs.readFile(path.join(dir, main)));
  await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html><html><head>${html(`/${main}`, pin)}</head></html>`);
  return dir;
}

describe("a host build's pins", () => {
  it('pass when every script, script preload and stylesheet of the build carries its SHA-384', async () => {
    const dir = await hostWith(
      'pinned',
      (main, pin) =>
        `<link rel=preload as=fetch href=/registry.json crossorigin><link as="script" href="${main}" integrity="${pin}" rel="preload">` +
        `<script>var inline=1</script><script src="https://cdn.test/x.js"></script><script defer integrity='sha256-other ${pin}' src=${main}></script>`,
    );
    await expect(checkHostPins(dir)).resolves.toBeUndefined();
  });

  it('refuse a script of the build loaded without one', async () => {
    const dir = await hostWith('unpinned', (main) => `<script defer src="${main}"></script>`);
    await expect(checkHostPins(dir)).rejects.toThrow(
      /index\.html loads \/main\.\w+\.js without its SHA-384 \(integrity\): not a pinned host build\./,
    );
  });

  it('refuse a preload without one', async () => {
    const dir = await hostWith('preload', (main) => `<link rel="preload" as="script" href="${main}">`);
    await expect(checkHostPins(dir)).rejects.toThrow('without its SHA-384 (integrity)');
  });

  it('refuse a file changed after the build pinned it, and a file the build lacks', async () => {
    const changed = await hostWith('changed', (main, pin) => `<script integrity="${pin}" src="${main}"></script>`);
    const main = (await fs.readdir(changed)).find((name) => name.startsWith('main.'))!;
    await fs.appendFile(path.join(changed, main), ' ');
    await expect(checkHostPins(changed)).rejects.toThrow(
      `pins /${main} to a SHA-384 its file does not have: the build changed after it was made.`,
    );
    const lacking = await hostWith(
      'lacking',
      (_, pin) => `<script integrity="${pin}" src="/gone.0123456789.js"></script>`,
    );
    await expect(checkHostPins(lacking)).rejects.toThrow('loads /gone.0123456789.js, which the build does not have.');
  });
});

describe('releasing a host', () => {
  it('refuses an unpinned build and stores nothing; a version stored before pins can still be rolled back to', async () => {
    const old = await release(layout, 'host', await fakeBuild(work, 'host', 'old'), { now: at(1) });
    const unpinned = await hostWith('unpinned', (main) => `<script defer src="${main}"></script>`);
    await expect(release(layout, 'host', unpinned, { now: at(2) })).rejects.toThrow('not a pinned host build');
    expect((await readLive(layout)).host?.version).toBe(old.to);

    await release(layout, 'host', await fakeBuild(work, 'host', 'new'), { now: at(3) });
    // The stored old version loses its pins (as one built before them has none): a rollback still works.
    const oldIndex = path.join(layout.versionDir('host', old.to), 'index.html');
    await fs.chmod(oldIndex, 0o644);
    await fs.writeFile(oldIndex, (await fs.readFile(oldIndex, 'utf8')).replace(/ integrity="[^"]*"/, ''));
    await rollback(layout, 'host', undefined, { now: at(4) });
    expect((await readLive(layout)).host?.version).toBe(old.to);
  });
});

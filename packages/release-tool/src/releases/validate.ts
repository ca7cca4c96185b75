import fs from 'node:fs/promises';
import path from 'node:path';
import { ReleaseError, type ReleasableApp } from './apps';
import { checkHostPins } from './host-pins';

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ReleaseError(`${file} is not valid JSON.`);
  }
}

async function isFile(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );
}

/**
 * Refuses a folder that is not a complete build of this app: an mf-manifest.json naming this
 * app, plus index.html for the host or the remote entry the manifest points at for a remote.
 */
export async function validateBuild(app: ReleasableApp, dir: string): Promise<void> {
  const stat = await fs.stat(dir).catch(() => null);
  if (!stat?.isDirectory()) throw new ReleaseError(`${dir} is not a folder.`);

  const manifest = (await readJson(path.join(dir, 'mf-manifest.json'))) as
    { name?: string; metaData?: { remoteEntry?: { name?: string; path?: string } } } | undefined;
  if (!manifest) throw new ReleaseError(`${dir} has no mf-manifest.json: not a build of ${app.name}.`);
  if (manifest.name !== app.name) {
    throw new ReleaseError(`${dir}/mf-manifest.json belongs to "${manifest.name}", not to "${app.name}".`);
  }
  if (app.kind === 'host') {
    if (!(await isFile(path.join(dir, 'index.html')))) {
      throw new ReleaseError(`${dir} has no index.html: not a build of the host.`);
    }
    return;
  }
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = entry?.name ? path.join(dir, entry.path ?? '', entry.name) : null;
  if (!entryFile || !(await isFile(entryFile))) {
    throw new ReleaseError(`${dir} lacks the remote entry its mf-manifest.json names.`);
  }
}

/**
 * A build coming in for release: a complete build of the app, and a host's pinned (index.html
 * loads each of its files with the SHA-384 of its bytes). Versions stored before pins existed
 * stay valid for a rollback.
 */
export async function validateIncomingBuild(app: ReleasableApp, dir: string): Promise<void> {
  await validateBuild(app, dir);
  if (app.kind === 'host') await checkHostPins(dir);
}

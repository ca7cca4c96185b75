import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { expect } from '@kloof/test-kit/e2e';
import { snapshotBuild } from './release-fixtures';

const sri = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * A canary variant of a remote's production build: one exposed page's chunk changed by `change`,
 * and the entry (which loads each chunk with its SHA-384) and the manifest pin the changed chunk's
 * new hash, so the release is well formed and loads; only what the change does differs.
 */
export async function patchedExpose(
  app: string,
  dir: string,
  expose: string,
  label: string,
  change: (code: string) => string,
): Promise<string> {
  const target = await fs.mkdtemp(path.join(os.tmpdir(), `kloof-build-${app}-${label}-`));
  await fs.cp(await snapshotBuild(app, dir), target, { recursive: true });
  const manifestFile = path.join(target, 'mf-manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as {
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
    integrity: Record<string, string>;
  };
  const chunk = manifest.exposes
    .find((e) => e.name === expose)!
    .assets.js.sync.find((file) => file.includes(`__federation_expose_${expose}`))!;
  const file = path.join(target, chunk);
  const code = await fs.readFile(file, 'utf8');
  const changed = change(code);
  expect(changed, `the ${expose} chunk was changed`).not.toBe(code);
  await fs.writeFile(file, changed);
  if (await fs.stat(`${file}.br`).catch(() => null)) await fs.writeFile(`${file}.br`, brotliCompressSync(changed));
  const entryFile = path.join(target, 'remoteEntry.js');
  const entry = await fs.readFile(entryFile, 'utf8');
  expect(entry, `the entry pins the ${expose} chunk`).toContain(sri(code));
  const pinnedEntry = entry.replace(sri(code), sri(changed));
  await fs.writeFile(entryFile, pinnedEntry);
  await fs.rm(`${entryFile}.br`, { force: true });
  manifest.integrity[chunk] = sri(changed);
  manifest.integrity['remoteEntry.js'] = sri(pinnedEntry);
  await fs.writeFile(manifestFile, JSON.stringify(manifest));
  await fs.rm(`${manifestFile}.br`, { force: true });
  return target;
}

/** Code that keeps the main thread busy for `ms` when it runs (a slow canary's page module). */
export const busyLoop = (ms: number) =>
  `;(function(){var end=performance.now()+${ms};while(performance.now()<end){}})();\n`;

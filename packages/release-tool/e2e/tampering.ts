import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect } from '@kloof/test-kit/e2e';

/** The precompressed copies a stored file may have, and how each is made. */
const COPIES: [string, (bytes: Buffer) => Buffer][] = [
  ['.br', (bytes) => brotliCompressSync(bytes)],
  ['.gz', (bytes) => gzipSync(bytes)],
];

/**
 * Changes one byte of a stored release file (and its precompressed copies), as an attacker with
 * write access to the bucket would. Returns how to put the original back, as an operator fixing
 * the file on the server would.
 */
export async function changeOneByte(file: string): Promise<() => Promise<void>> {
  const originals = new Map<string, Buffer>();
  for (const name of [file, ...COPIES.map(([suffix]) => `${file}${suffix}`)]) {
    const bytes = await fs.readFile(name).catch(() => null);
    if (bytes) originals.set(name, bytes);
  }
  const bytes = Buffer.from(originals.get(file)!);
  // The final semicolon becomes a space: automatic semicolon insertion makes the same program,
  // so only the hash check can stop it.
  expect(String.fromCharCode(bytes[bytes.length - 1]!)).toBe(';');
  bytes[bytes.length - 1] = ' '.charCodeAt(0);
  await writeOver(file, bytes);
  for (const [suffix, compress] of COPIES) {
    if (originals.has(`${file}${suffix}`)) await writeOver(`${file}${suffix}`, compress(bytes));
  }
  return async () => {
    for (const [name, original] of originals) await writeOver(name, original);
  };
}

/** Stored files are read-only: the attacker (or the operator) makes them writable first. */
async function writeOver(file: string, bytes: Buffer): Promise<void> {
  await fs.chmod(file, 0o644);
  await fs.writeFile(file, bytes);
}

/** The stored chunk (path inside the version folder) of one exposed page, e.g. './Pricing', as its manifest names it. */
export async function pageChunkOf(versionFolder: string, expose: string): Promise<string> {
  const manifest = JSON.parse(await fs.readFile(path.join(versionFolder, 'mf-manifest.json'), 'utf8')) as {
    exposes: { path: string; assets: { js: { sync: string[] } } }[];
  };
  const chunk = manifest.exposes.find((e) => e.path === expose)?.assets.js.sync[0];
  if (!chunk) throw new Error(`${versionFolder}/mf-manifest.json names no chunk for ${expose}`);
  return chunk;
}

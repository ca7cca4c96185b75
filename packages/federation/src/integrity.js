// @ts-check
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { rspack } from '@rspack/core';

/** Files whose hashes a remote's manifest pins: everything the browser may run or style with. */
const PINNED = /\.(js|css)$/;

/**
 * SRI string of some bytes, as browsers check an `integrity` attribute.
 * @param {Buffer} bytes
 */
export function sri(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * Remote, production builds: after the build is written, adds `integrity` (file -> SHA-384) to
 * mf-manifest.json for every script and stylesheet of the build. The release registry pins the
 * manifest's own hash, so the host trusts these pins, and loads every file with its pin.
 */
export class ManifestIntegrityPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('ManifestIntegrityPlugin', async (compilation) => {
      const outDir = /** @type {string} */ (compiler.options.output.path);
      const manifestFile = path.join(outDir, 'mf-manifest.json');
      const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8').catch(() => 'null'));
      if (!manifest) return; // federation's extra compilers write no manifest
      /** @type {Record<string, string>} */
      const integrity = {};
      const files = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => PINNED.test(name))
        .sort();
      for (const file of files) integrity[file] = sri(await fs.readFile(path.join(outDir, file)));
      await fs.writeFile(manifestFile, JSON.stringify({ ...manifest, integrity }));
    });
  }
}

/**
 * Rspack's SubresourceIntegrityPlugin (the entry loads each chunk with its SHA-384), applied
 * only to a compiler that loads chunks cross-origin-anonymous: federation's extra compilers
 * (shared fallbacks) reuse the plugins but not the output options, and would fail.
 */
export class PinnedChunksPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    if (!compiler.options.output.crossOriginLoading) return;
    new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'] }).apply(compiler);
  }
}

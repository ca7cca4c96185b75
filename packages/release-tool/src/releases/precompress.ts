import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { listFiles } from './list-files';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the web server sends: each gets .br and .gz copies (packages/web-server encoded-files.ts). */
const TEXT = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml)$/;
/** Below this, compression saves less than a packet: the server sends the file. */
const MIN_BYTES = 1024;
/** An app's server build renders pages at release time and is never sent. */
const NEVER_SENT = /^server(\/|$)/;

/** The smallest forms Node makes: paid once per release, sent on every request after. */
const COMPRESSORS = {
  '.br': (bytes: Buffer) =>
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  '.gz': (bytes: Buffer) => gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
} as const;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of a folder on its way into the
 * releases folder (before it is renamed into place, so no reader sees a file without its copies),
 * so the web server never compresses per request. A copy the build already wrote is kept; one
 * that saves nothing is not written (the server then sends the file).
 */
export async function precompressFolder(dir: string): Promise<void> {
  const files = await listFiles(dir);
  const present = new Set(files);
  const work = files
    .filter((file) => TEXT.test(file) && !NEVER_SENT.test(file))
    .flatMap((file) => (['.br', '.gz'] as const).map((suffix) => ({ file, suffix })))
    .filter(({ file, suffix }) => !present.has(file + suffix));
  // A few at a time: brotli at its highest quality is CPU-bound (libuv's pool runs them).
  for (let i = 0; i < work.length; i += 4) {
    await Promise.all(
      work.slice(i, i + 4).map(async ({ file, suffix }) => {
        const bytes = await fs.readFile(path.join(dir, file));
        if (bytes.length < MIN_BYTES) return;
        const copy = await COMPRESSORS[suffix](bytes);
        if (copy.length < bytes.length) await fs.writeFile(path.join(dir, file + suffix), copy);
      }),
    );
  }
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { contentTypeOf, isCompressible } from '@kloof/release-store/content-types';
import type { Encoding } from './accept-encoding';
import { statPerTurn } from './stat-per-turn';

/** One stored form of a file: held in memory (`body`) or streamed from `file`. */
export interface Variant {
  encoding: Encoding;
  body: Buffer | null;
  file: string | null;
  size: number;
  /** Strong, and different per encoding: a cache never hands gzip bytes to a brotli request's ETag. */
  etag: string;
}

/** A file ready to send: its type and every encoding it is stored in. */
export interface EncodedFile {
  type: string;
  variants: ReadonlyMap<Encoding, Variant>;
  /** The encodings in `variants`, one shared set object per combination (the chooser remembers by it). */
  stored: ReadonlySet<Encoding>;
}

/** Files up to this size are held in memory; larger ones are streamed from disk. */
const MEMORY_LIMIT = 1024 * 1024;
/** Below this, compression saves less than a packet (the release tool skips them too). */
const MIN_COMPRESS = 1024;
/** Files without stored copies (a dist build, a file added by hand) compressed once, in place, up to this size. */
const INLINE_COMPRESS_LIMIT = 256 * 1024;

/** All files held in memory together stay below this. */
const CACHE_LIMIT = 256 * 1024 * 1024;

const SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz', identity: '' };

const storedSets = new Map<string, ReadonlySet<Encoding>>();
function storedSet(encodings: Encoding[]): ReadonlySet<Encoding> {
  const key = encodings.slice().sort().join(',');
  let set = storedSets.get(key);
  if (!set) storedSets.set(key, (set = new Set(encodings)));
  return set;
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
const etagOf = (tag: string, encoding: Encoding) => `"${tag}${encoding === 'identity' ? '' : `-${encoding}`}"`;

function compress(encoding: Exclude<Encoding, 'identity'>, bytes: Buffer): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : zlib.gzipSync(bytes, { level: 9 });
}

/** Variants of bytes made in memory (a document the server derives, registry.json): compressed once here. */
export function encodeBytes(bytes: Buffer, type: string, compressible = true): EncodedFile {
  const tag = digest(bytes);
  const variants = new Map<Encoding, Variant>();
  variants.set('identity', {
    encoding: 'identity',
    body: bytes,
    file: null,
    size: bytes.length,
    etag: etagOf(tag, 'identity'),
  });
  if (compressible && bytes.length >= MIN_COMPRESS) {
    for (const encoding of ['br', 'gzip'] as const) {
      const body = compress(encoding, bytes);
      if (body.length < bytes.length)
        variants.set(encoding, { encoding, body, file: null, size: body.length, etag: etagOf(tag, encoding) });
    }
  }
  return { type, variants, stored: storedSet([...variants.keys()]) };
}

const statKey = (stat: fs.Stats) => `${stat.ino}:${stat.mtimeMs}:${stat.size}`;

function variantFromDisk(file: string, encoding: Encoding, stat: fs.Stats, tag: string): Variant {
  const body = stat.size <= MEMORY_LIMIT ? fs.readFileSync(file) : null;
  return { encoding, body, file: body ? null : file, size: stat.size, etag: etagOf(tag, encoding) };
}

/** Reads a file and the .br/.gz copies stored beside it; compresses small text that has none. */
function loadFile(file: string, stat: fs.Stats): EncodedFile {
  const identity = variantFromDisk(file, 'identity', stat, '');
  // In memory: named by its bytes. Streamed: by size and time, as nginx does.
  const tag = identity.body
    ? digest(identity.body)
    : `${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}`;
  identity.etag = etagOf(tag, 'identity');
  const variants = new Map<Encoding, Variant>([['identity', identity]]);
  if (isCompressible(file) && stat.size >= MIN_COMPRESS) {
    for (const encoding of ['br', 'gzip'] as const) {
      const copy = file + SUFFIX[encoding];
      const copyStat = fs.statSync(copy, { throwIfNoEntry: false });
      if (copyStat?.isFile()) {
        variants.set(encoding, variantFromDisk(copy, encoding, copyStat, tag));
      } else if (identity.body && stat.size <= INLINE_COMPRESS_LIMIT) {
        const body = compress(encoding, identity.body);
        if (body.length < stat.size)
          variants.set(encoding, { encoding, body, file: null, size: body.length, etag: etagOf(tag, encoding) });
      }
    }
  }
  return { type: contentTypeOf(file), variants, stored: storedSet([...variants.keys()]) };
}

/**
 * The files the server sends, loaded once and kept while unchanged: a stat per turn of the event
 * loop tells (a rebuilt dist folder, a page folder rendered again); everything else is read once.
 */
export function encodedFiles(): (file: string) => EncodedFile | null {
  const cache = new Map<string, { key: string; entry: EncodedFile; bytes: number }>();
  let held = 0;
  return (file) => {
    const stat = statPerTurn(file);
    if (!stat?.isFile()) {
      cache.delete(file);
      return null;
    }
    const key = statKey(stat);
    const hit = cache.get(file);
    if (hit?.key === key) return hit.entry;
    const entry = loadFile(file, stat);
    const bytes = [...entry.variants.values()].reduce((sum, v) => sum + (v.body?.length ?? 0), 0);
    // Years of releases could outgrow memory: start over past the bound (the live files come back on use).
    if (held + bytes > CACHE_LIMIT) {
      cache.clear();
      held = 0;
    }
    held += bytes - (hit?.bytes ?? 0);
    cache.set(file, { key, entry, bytes });
    return entry;
  };
}

import { fileKind } from '@kloof/apps/cache-contract';
import { contentTypeOf } from '@kloof/release-store/content-types';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** The stored copies beside a text file: same type, their own Content-Encoding. */
const ENCODINGS: Readonly<Record<string, string>> = { '.br': 'br', '.gz': 'gzip' };

export interface ObjectHeaders {
  ContentType: string;
  CacheControl: string;
  ContentEncoding?: string;
}

/**
 * The headers an object is stored with, which is what S3, a CDN or the edge function sends: the
 * type of the file (for `main.3f2a.js.br` that of `main.3f2a.js`, with `Content-Encoding: br`),
 * `immutable` for content-hashed names, `no-cache` for the rest (the same rule as the web server).
 * The .br and .gz copies are separate keys: an object has one encoding, and the server or edge
 * chooses the key by Accept-Encoding.
 */
export function objectHeaders(file: string): ObjectHeaders {
  const suffix = file.slice(file.lastIndexOf('.'));
  const encoding = ENCODINGS[suffix];
  const original = encoding ? file.slice(0, -suffix.length) : file;
  const name = original.slice(original.lastIndexOf('/') + 1);
  return {
    ContentType: contentTypeOf(original),
    CacheControl: fileKind(name) === 'hashed' ? IMMUTABLE : NO_CACHE,
    ...(encoding ? { ContentEncoding: encoding } : {}),
  };
}

export const POINTER_HEADERS = { ContentType: 'application/json; charset=utf-8', CacheControl: NO_CACHE } as const;

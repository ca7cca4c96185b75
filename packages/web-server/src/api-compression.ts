import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { chooseEncoding, type Encoding } from './accept-encoding';
import { routedSegments } from './routed-path';

/** API answers smaller than this go out as they are: compressing them saves less than it costs. */
export const API_COMPRESSION_MIN_BYTES = 1024;

/**
 * Answers under /v1/auth and /v1/current-user (the segment after /v1) carry the account's secrets:
 * tokens, sign-in and passkey challenges, TOTP secrets, recovery codes. They are never compressed:
 * beside input an attacker had reflected into the same answer, the compressed size tells the
 * secret byte by byte (BREACH). Any answer that sets a cookie is held to the same rule. Judged on
 * the path as the API routes it, so no spelling of one of these paths slips through compressed.
 */
const SECRET_PATHS = new Set(['auth', 'current-user']);

const ENCODINGS: ReadonlySet<Encoding> = new Set(['br', 'gzip', 'identity']);

/** What the web server does with one API answer's body. */
export interface ApiAnswerCompression {
  /** br or gzip: compressed this way; null: sent as the API sent it. */
  encoding: 'br' | 'gzip' | null;
  /** The answer's form depends on Accept-Encoding (it is one that gets compressed when asked). */
  vary: boolean;
}

const AS_SENT: ApiAnswerCompression = { encoding: null, vary: false };

/** The request and the API's answer, as much as the choice needs (header names in lower case). */
export interface ApiExchange {
  method: string;
  /** The request's path and query as the client sent it. */
  url: string;
  acceptEncoding: string | undefined;
  status: number;
  header: (name: string) => string | string[] | undefined;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * Whether to compress an API answer: only JSON of a declared length of 1 KB or more (an answer
 * without a length is streamed and may need to flush as it goes), not already encoded, not marked
 * no-transform, not for HEAD or a bodiless status, never a secret-carrying one (SECRET_PATHS);
 * then br, else gzip, by the client's Accept-Encoding.
 */
export function apiAnswerCompression(exchange: ApiExchange): ApiAnswerCompression {
  const { method, status } = exchange;
  if (method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) return AS_SENT;
  const type = single(exchange.header('content-type'))?.toLowerCase() ?? '';
  const mediaType = type.split(';', 1)[0]!.trim();
  if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) return AS_SENT;
  const length = Number(single(exchange.header('content-length')));
  if (!Number.isFinite(length) || length < API_COMPRESSION_MIN_BYTES) return AS_SENT;
  const encoded = single(exchange.header('content-encoding'));
  if (encoded && encoded.toLowerCase() !== 'identity') return AS_SENT;
  if (/\bno-transform\b/i.test(single(exchange.header('cache-control')) ?? '')) return AS_SENT;
  if (exchange.header('set-cookie') !== undefined) return AS_SENT;
  const segments = routedSegments(exchange.url);
  if (!segments || (segments[0] === 'v1' && SECRET_PATHS.has(segments[1] ?? ''))) return AS_SENT;
  const chosen = chooseEncoding(exchange.acceptEncoding, ENCODINGS);
  return { encoding: chosen === 'identity' ? null : chosen, vary: true };
}

/**
 * A compressor for one answer of `length` bytes. Made per request, so the cheapest levels: on a
 * 3.2 MB list, brotli 1 sends 307 KB at the req/s of sending it plain, where brotli 4 (275 KB)
 * cost 6x the req/s (`bench:compression`, packages/bench/README.md).
 */
export function apiCompressor(encoding: 'br' | 'gzip', length: number): Transform {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
        },
      })
    : zlib.createGzip({ level: 1 });
}

/** A Vary header's value with Accept-Encoding in it (once). */
export function varyWithAcceptEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  if (vary.split(',').some((name) => ['accept-encoding', '*'].includes(name.trim().toLowerCase()))) return vary;
  return `${vary}, Accept-Encoding`;
}

/** One header's value in a flat [name, value, ...] list of lower-case names (joined when repeated). */
export function flatHeader(flat: readonly string[], name: string): string | undefined {
  const values: string[] = [];
  for (let i = 0; i < flat.length; i += 2) if (flat[i] === name) values.push(flat[i + 1]!);
  return values.length ? values.join(', ') : undefined;
}

/**
 * A flat header list for an answer that gets compressed when asked: Vary names Accept-Encoding and,
 * when compressed, the encoding is named and the length dropped (the body is streamed).
 */
export function compressedHeaders(flat: readonly string[], encoding: ApiAnswerCompression['encoding']): string[] {
  const out: string[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const name = flat[i]!;
    if (name === 'vary' || (encoding && (name === 'content-length' || name === 'content-encoding'))) continue;
    out.push(name, flat[i + 1]!);
  }
  if (encoding) out.push('content-encoding', encoding);
  out.push('vary', varyWithAcceptEncoding(flatHeader(flat, 'vary')));
  return out;
}

import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodingChooser } from './accept-encoding';
import type { EncodedFile } from './encoded-files';

const choose = encodingChooser();

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 13.1.2 asks for GET/HEAD). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/**
 * Sends the stored bytes of the encoding the client prefers (nothing is compressed here), with
 * its strong ETag and length; 304 when the client holds them already. `vary` says what else chose
 * this answer (Cookie for pages).
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, file: EncodedFile, vary?: string) {
  const encoding = choose(request.headers['accept-encoding'], file.stored);
  const variant = file.variants.get(encoding)!;
  const varies = file.stored.size > 1 ? (vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding') : vary;
  if (varies) reply.header('Vary', varies);
  reply.header('ETag', variant.etag);
  if (matchesEtag(request.headers['if-none-match'], variant.etag) && reply.statusCode === 200) {
    return reply.code(304).send();
  }
  reply.header('Content-Type', file.type).header('Content-Length', variant.size);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  // HEAD too: Node sends no body for it, and Fastify keeps the length the body has.
  return reply.send(variant.body ?? fs.createReadStream(variant.file!));
}

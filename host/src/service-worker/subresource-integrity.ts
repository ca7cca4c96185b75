/**
 * Subresource integrity as the browser checks it, for the service worker: whether some bytes
 * match an `integrity` value (`sha384-<base64>`, several allowed, any one matching). Kept free of
 * worker globals (only Web Crypto) so it is unit tested.
 */

const ALGORITHMS = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' } as const;
type Algorithm = keyof typeof ALGORITHMS;

/** The hashes an integrity value names; unknown algorithms are ignored, as browsers do. */
export function parseIntegrity(value: string): { algorithm: Algorithm; digest: string }[] {
  return value
    .split(/\s+/)
    .map((token) => /^(sha256|sha384|sha512)-([A-Za-z0-9+/=_-]+)(\?.*)?$/.exec(token))
    .flatMap((found) => (found ? [{ algorithm: found[1] as Algorithm, digest: found[2]! }] : []));
}

function base64(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text);
}

/** True when the bytes match one of the hashes of the strongest algorithm named (the browser's rule). */
export async function matchesIntegrity(bytes: ArrayBuffer, integrity: string): Promise<boolean> {
  const hashes = parseIntegrity(integrity);
  if (!hashes.length) return false;
  const order: Algorithm[] = ['sha512', 'sha384', 'sha256'];
  const strongest = order.find((algorithm) => hashes.some((hash) => hash.algorithm === algorithm))!;
  const actual = base64(await crypto.subtle.digest(ALGORITHMS[strongest], bytes));
  return hashes.some((hash) => hash.algorithm === strongest && hash.digest === actual);
}

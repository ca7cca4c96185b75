/** @jest-environment node */
import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { matchesIntegrity, parseIntegrity } from './subresource-integrity';

const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;
const sri = (algorithm: string, text: string) => `${algorithm}-${createHash(algorithm).update(text).digest('base64')}`;

describe('checking bytes against an integrity value, as the browser does', () => {
  it('accepts the bytes the hash was made of', async () => {
    await expect(matchesIntegrity(bytes('console.log(1);'), sri('sha384', 'console.log(1);'))).resolves.toBe(true);
  });

  it('refuses one changed byte', async () => {
    await expect(matchesIntegrity(bytes('console.log(1) '), sri('sha384', 'console.log(1);'))).resolves.toBe(false);
  });

  it('uses the strongest algorithm named: a matching weaker hash does not save a wrong stronger one', async () => {
    const both = `${sri('sha256', 'a')} ${sri('sha512', 'b')}`;
    await expect(matchesIntegrity(bytes('a'), both)).resolves.toBe(false);
    await expect(matchesIntegrity(bytes('b'), both)).resolves.toBe(true);
  });

  it('refuses a value that names no hash it knows, never treating it as "no check"', async () => {
    expect(parseIntegrity('md5-abc nonsense')).toEqual([]);
    await expect(matchesIntegrity(bytes('a'), 'md5-abc')).resolves.toBe(false);
  });
});

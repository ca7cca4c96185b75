import { createHmac } from 'node:crypto';
import { e2e } from '@kloof/test-kit/e2e';

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * The same token (same user, same session family) signed again with an exp in the past, using
 * the e2e API's signing key: the real server answers it exactly as it answers an expired token.
 */
export function expired(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...decode(token), iat: now - 3600, exp: now - 60 };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createHmac('sha256', e2e.jwtSecret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/**
 * The same token with an exp an hour ahead and a signature that is not the server's: the browser's
 * clock rule says valid, the server refuses it with a plain 401 (as it refuses a revoked session).
 */
export function badlySigned(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...decode(token), iat: now, exp: now + 3600 };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  const signature = createHmac('sha256', 'not the signing key').update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Marks a sealed value; anything else in the column was stored before sealing began. */
const VERSION = 'v1';

export interface SecretBox {
  /** AES-256-GCM with a random 96-bit nonce; `context` (e.g. the owner's id) is bound as associated data. */
  seal(plain: string, context: string): string;
  /** The plain text of a sealed value; throws if it was altered, sealed for another context or with another key. */
  open(sealed: string, context: string): string;
  /** A value the key can vouch for without revealing it: the same key gives the same fingerprint. */
  fingerprint: string;
}

export const isSealed = (stored: string): boolean => stored.startsWith(`${VERSION}:`);

/**
 * Seals short secrets (authenticator-app keys) with a key derived by HKDF-SHA256 from key
 * material kept outside the database, so a copy of the database alone does not give them away.
 */
export function createSecretBox(keyMaterial: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'kloof-secret-box', purpose, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join(':');
    },
    open(sealed, context) {
      const [version, iv, body, tag] = sealed.split(':');
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    fingerprint: createHmac('sha256', key).update('kloof:key-fingerprint').digest('base64url'),
  };
}

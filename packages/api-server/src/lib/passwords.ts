import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { PasswordHashConfig } from '../config';

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable with isolatedModules)

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Burns the same time as a real verify, for unknown accounts (no timing enumeration). */
  verifyDummy(password: string): Promise<false>;
}

export async function createPasswordHasher(params: PasswordHashConfig): Promise<PasswordHasher> {
  const options = { algorithm: ARGON2ID, ...params };
  const dummy = await hash('dummy-password-for-timing', options);
  return {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      await verify(dummy, password).catch(() => false);
      return false;
    },
  };
}

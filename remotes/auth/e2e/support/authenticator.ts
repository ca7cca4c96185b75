import { createHmac } from 'node:crypto';
import { apiPost, type SiteAccount } from './site-api';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(secret: string): Buffer {
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 (SHA-1, 6 digits, 30 s), what an authenticator app shows `steps` steps from now. */
export function totpCode(secret: string, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const digest = createHmac('sha1', base32(secret)).update(counter).digest();
  const at = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Turns the authenticator app on for an account through the API (fresh proof, key, first code); returns the key. */
export async function turnOnAuthenticator(apiUrl: string, account: SiteAccount): Promise<string> {
  const token = account.accessToken;
  await apiPost(apiUrl, 'current-user/fresh-proof', { kind: 'password', password: account.password }, token);
  const { secret } = (await apiPost(apiUrl, 'current-user/totp', undefined, token)) as { secret: string };
  await apiPost(apiUrl, 'current-user/totp/confirm', { code: totpCode(secret) }, token);
  return secret;
}

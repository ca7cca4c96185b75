import { createHmac } from 'node:crypto';
import { e2e, type Account } from '@kloof/test-kit/e2e';

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

async function apiPost(path: string, token: string, body?: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${e2e.apiUrl}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Turns the authenticator app on for an account through the API (fresh proof, key, first code); returns the key. */
export async function turnOnAuthenticator(account: Account): Promise<string> {
  await apiPost('current-user/fresh-proof', account.accessToken, { kind: 'password', password: account.password });
  const { secret } = (await apiPost('current-user/totp', account.accessToken)) as { secret: string };
  await apiPost('current-user/totp/confirm', account.accessToken, { code: totpCode(secret) });
  return secret;
}

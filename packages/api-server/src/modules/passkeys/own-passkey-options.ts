import type { FastifyInstance } from 'fastify';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { apiError } from '../../lib/http-error';
import { descriptorOf, passkeysOf } from './passkey-store';
import { PROMPT_TIMEOUT_MS, relyingParty } from './relying-party';

/**
 * Options to sign with one of this account's passkeys, where the password (or the session) is known
 * and holding the passkey is the factor: its presence is asked, not the person's verification.
 */
export async function ownPasskeyOptions(app: FastifyInstance, userId: string) {
  const passkeys = await passkeysOf(app, userId);
  if (passkeys.length === 0) throw apiError(400, 'passkey_not_found');
  return generateAuthenticationOptions({
    rpID: relyingParty(app).id,
    allowCredentials: passkeys.map(descriptorOf),
    userVerification: 'discouraged',
    timeout: PROMPT_TIMEOUT_MS,
  });
}

import type { FastifyInstance } from 'fastify';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { PasskeyAssertion } from '@kloof/api-contract';
import type { PasskeyRow } from '../../db/schema';
import { apiError } from '../../lib/http-error';
import { relyingParty } from './relying-party';
import { transportsOf } from './passkey-store';

/**
 * Checks a passkey's signature over the ceremony's challenge, from the site's origin, and moves its
 * counter forward in one statement: an answer whose counter is not past the stored one (a cloned
 * authenticator, or the same answer twice) signs in no one. Authenticators that keep no counter
 * send 0 every time; the single-use challenge is their guard against replay.
 */
export async function verifyAssertion(
  app: FastifyInstance,
  passkey: PasskeyRow,
  challenge: string,
  response: PasskeyAssertion,
  options: { requireUserVerification: boolean },
): Promise<void> {
  const rp = relyingParty(app);
  const stored = Number(passkey.counter);
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: stored,
        transports: transportsOf(passkey),
      },
      requireUserVerification: options.requireUserVerification,
    });
  } catch {
    throw apiError(401, 'passkey_sign_in_failed');
  }
  if (!result.verified) throw apiError(401, 'passkey_sign_in_failed');
  const { newCounter, credentialBackedUp } = result.authenticationInfo;
  const spent = await app.db
    .updateTable('passkeys')
    .set({ counter: newCounter, backed_up: credentialBackedUp, last_used_at: app.now() })
    .where('id', '=', passkey.id)
    .where((eb) => (newCounter === 0 ? eb('counter', '=', 0) : eb('counter', '<', newCounter)))
    .executeTakeFirst();
  if (spent.numUpdatedRows === 0n) throw apiError(401, 'passkey_sign_in_failed');
}

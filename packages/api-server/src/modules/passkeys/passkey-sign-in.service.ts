import type { FastifyInstance } from 'fastify';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { PasskeyAssertion } from '@kloof/api-contract';
import { sha256 } from '../../lib/crypto';
import { apiError } from '../../lib/http-error';
import { userOfChallenge } from '../auth/sign-in-challenge';
import { startSignIn, type Caller } from '../auth/sign-in-session';
import { verifyAssertion } from './assertion';
import { openCeremony, takeCeremony } from './ceremonies';
import { ownPasskeyOptions } from './own-passkey-options';
import { passkeyByCredential } from './passkey-store';
import { encodedUserHandleOf, PROMPT_TIMEOUT_MS, relyingParty } from './relying-party';

/** A sign-in with a passkey alone: no account is named, the passkey the person picks says which. */
const aloneFlow = { purpose: 'sign-in' as const, userId: null, boundTo: '' };

/** A second factor belongs to the password step that asked for it: its challenge, and its account. */
const secondFactorFlow = (userId: string, challenge: string) => ({
  purpose: 'second-factor' as const,
  userId,
  boundTo: sha256(challenge),
});

/** Options to sign in with any passkey of this site; the person must be verified by it (PIN, face, finger). */
export async function startPasskeySignIn(app: FastifyInstance) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(app).id,
    userVerification: 'required',
    timeout: PROMPT_TIMEOUT_MS,
  });
  return { ceremony: await openCeremony(app, aloneFlow, options.challenge), options };
}

/**
 * Signs in with a passkey alone. It is a full sign-in of its own (something held, checked with
 * something known or a body part), so no password and no other factor is asked, and failures made
 * elsewhere on the account never slow it.
 */
export async function signInWithPasskey(
  app: FastifyInstance,
  ceremony: string,
  response: PasskeyAssertion,
  caller: Caller,
) {
  const challenge = await takeCeremony(app, ceremony, aloneFlow);
  if (!challenge) throw apiError(401, 'passkey_request_expired');
  const passkey = response.id === response.rawId ? await passkeyByCredential(app, response.id) : undefined;
  // The handle the passkey was made with must be the account it belongs to here.
  const handle = response.response.userHandle;
  if (!passkey || (handle !== undefined && handle !== encodedUserHandleOf(passkey.user_id)))
    throw apiError(401, 'passkey_sign_in_failed');
  await verifyAssertion(app, passkey, challenge, response, { requireUserVerification: true });
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', passkey.user_id).executeTakeFirstOrThrow();
  return startSignIn(app, user, caller, 'passkey');
}

/** Options for the account's own passkeys, to finish a sign-in whose password was right. */
export async function startPasskeySecondFactor(app: FastifyInstance, signInChallenge: string) {
  const user = await userOfChallenge(app, signInChallenge);
  // The password was the first factor: the passkey's presence is the second.
  const options = await ownPasskeyOptions(app, user.id);
  const ceremony = await openCeremony(app, secondFactorFlow(user.id, signInChallenge), options.challenge);
  return { ceremony, options };
}

/** Finishes a challenged sign-in with one of the account's passkeys. */
export async function secondFactorWithPasskey(
  app: FastifyInstance,
  input: { challenge: string; ceremony: string; response: PasskeyAssertion },
  caller: Caller,
) {
  const user = await userOfChallenge(app, input.challenge);
  const challenge = await takeCeremony(app, input.ceremony, secondFactorFlow(user.id, input.challenge));
  if (!challenge) throw apiError(401, 'passkey_request_expired');
  const passkey =
    input.response.id === input.response.rawId ? await passkeyByCredential(app, input.response.id) : undefined;
  if (!passkey || passkey.user_id !== user.id) throw apiError(401, 'passkey_sign_in_failed');
  await verifyAssertion(app, passkey, challenge, input.response, { requireUserVerification: false });
  return startSignIn(app, user, caller, 'password-and-passkey');
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AddPasskeyBody, Passkey } from '@kloof/api-contract';
import type { UserRow } from '../../db/schema';
import { apiError } from '../../lib/http-error';
import { describeUserAgent } from '../auth/user-agent';
import type { AuthContext } from '../../types';
import { assertFactorProof } from '../fresh-proof/fresh-proof.service';
import { checkCurrentPassword } from '../users/current-password';
import { openCeremony, takeCeremony } from './ceremonies';
import { descriptorOf, passkeysOf, toPasskeyDto } from './passkey-store';
import { PROMPT_TIMEOUT_MS, relyingParty, userHandleOf } from './relying-party';

/** Who may add a passkey: the signed-in owner, from the session that asked for the options. */
interface Owner {
  user: UserRow;
  familyId: string;
}

const registrationFlow = ({ user, familyId }: Owner) => ({
  purpose: 'register' as const,
  userId: user.id,
  boundTo: familyId,
});

export async function listPasskeys(app: FastifyInstance, userId: string): Promise<Passkey[]> {
  return (await passkeysOf(app, userId)).map(toPasskeyDto);
}

/**
 * Options to make a passkey for this account (after its current password): discoverable, so it
 * can sign in alone, and never a second one on an authenticator that holds one already.
 */
export async function startRegistration(app: FastifyInstance, owner: Owner, currentPassword: string) {
  await checkCurrentPassword(app, owner.user, currentPassword);
  const rp = relyingParty(app);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(owner.user.id),
    userName: owner.user.email,
    userDisplayName: owner.user.username,
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(app, owner.user.id)).map(descriptorOf),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const ceremony = await openCeremony(app, registrationFlow(owner), options.challenge);
  return { ceremony, options };
}

/** "Chrome on Linux": what a passkey is called until its owner names it. */
function defaultName(userAgent: string | undefined): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (!userAgent) return 'Passkey';
  return `${browser.replace(/ \d+$/, '')} on ${os}`;
}

/** Keeps the passkey the browser made for this session's ceremony. */
export async function addPasskey(
  app: FastifyInstance,
  owner: Owner,
  body: AddPasskeyBody,
  userAgent: string | undefined,
): Promise<Passkey> {
  const challenge = await takeCeremony(app, body.ceremony, registrationFlow(owner));
  // The request no longer fits the ceremony's state (used, expired, another session's): start again.
  if (!challenge) throw apiError(409, 'passkey_request_expired');
  const rp = relyingParty(app);
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw apiError(400, 'passkey_not_verified');
  }
  if (!result.verified) throw apiError(400, 'passkey_not_verified');
  const { credential, credentialBackedUp } = result.registrationInfo;
  const row = await app.db
    .insertInto('passkeys')
    .values({
      id: randomUUID(),
      user_id: owner.user.id,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name: body.name?.trim() || defaultName(userAgent),
      backed_up: credentialBackedUp,
      created_at: app.now(),
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw apiError(409, 'passkey_exists');
  return toPasskeyDto(row);
}

/** Renames one of the user's own passkeys; another account's id answers as one that does not exist. */
export async function renamePasskey(app: FastifyInstance, userId: string, id: string, name: string): Promise<Passkey> {
  const row = await app.db
    .updateTable('passkeys')
    .set({ name: name.trim() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw apiError(404, 'passkey_not_found');
  return toPasskeyDto(row);
}

/**
 * Removes one of the user's own passkeys (after the current password): it signs in no more, at
 * once. The last one is a factor taken away: it also needs the session's proof made with a factor.
 */
export async function removePasskey(app: FastifyInstance, auth: AuthContext, id: string, currentPassword: string) {
  const { user } = auth;
  const mine = { id, user_id: user.id };
  const own = await app.db
    .selectFrom('passkeys')
    .select('id')
    .where((eb) => eb.and(mine))
    .executeTakeFirst();
  if (!own) throw apiError(404, 'passkey_not_found');
  await checkCurrentPassword(app, user, currentPassword);
  await app.db.transaction().execute(async (trx) => {
    // The account's passkeys locked: two removals at once cannot each find another one left.
    const held = await trx.selectFrom('passkeys').select('id').where('user_id', '=', user.id).forUpdate().execute();
    if (!held.some((row) => row.id === id)) throw apiError(404, 'passkey_not_found');
    if (held.length === 1) await assertFactorProof(app, auth, trx);
    await trx
      .deleteFrom('passkeys')
      .where((eb) => eb.and(mine))
      .execute();
  });
}

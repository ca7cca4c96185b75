import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { recordActivity } from '../activity/record';
import { cancelDeletionBySignIn } from '../data-rights/account-deletion.service';
import { rememberAddress } from './account-guard';
import { rememberDevice } from './known-devices';
import { startSession } from './sessions.service';

/** Who is asking: the client's address as the API sees it (request.ip), and the browser's device id if it sent one. */
export interface Caller {
  ip: string;
  device?: string | undefined;
  userAgent?: string | undefined;
}

/** How a sign-in was finished: the activity log says it. */
export type SignInMethod = 'password' | 'authenticator' | 'recovery-code' | 'passkey' | 'password-and-passkey';

/**
 * The session of a finished sign-in (password, second factor or passkey): the address and device
 * remembered, a notice if the device is new, the sign-in in the activity log, a pending deletion
 * cancelled (the answer's `deletionCancelled`).
 */
export async function startSignIn(app: FastifyInstance, user: UserRow, caller: Caller, method: SignInMethod) {
  await rememberAddress(app, user.email, caller.ip);
  const newDevice = await rememberDevice(app, user.id, caller.device);
  const signedInBefore = await app.db
    .selectFrom('session_families')
    .select('family_id')
    .where('user_id', '=', user.id)
    .limit(1)
    .executeTakeFirst();
  // The very first sign-in is no news; a later one from a browser the account does not know is.
  const notice = newDevice && !!signedInBefore;
  const { familyId, ...tokens } = await startSession(app, user, caller, { notice });
  if (notice) await app.mailQueue.enqueue('new-sign-in', user.email);
  // A recovery code is a security event of its own (mailed); it is this sign-in's one entry.
  const kind = method === 'recovery-code' ? 'recovery-code-used' : notice ? 'sign-in-new-device' : 'sign-in';
  await recordActivity(app, { userId: user.id, kind, from: caller, details: { method, newDevice: notice } });
  // Signing in during a deletion's grace is the owner changing their mind: the answer says so.
  const deletionCancelled = await cancelDeletionBySignIn(app, user, caller);
  return { tokens: deletionCancelled ? { ...tokens, deletionCancelled } : tokens, user, familyId };
}

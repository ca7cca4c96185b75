import type { DeletionScheduled, PendingDeletionPage, PendingDeletionQuery } from '@kloof/api-contract';
import type { FastifyInstance } from 'fastify';
import { apiError, notFound } from '../../lib/http-error';
import { afterKey, decodeCursor, limitOf, pageFrom } from '../../lib/keyset';
import { recordActivity, type ActivitySource } from '../activity/record';
import { revokeUserSessions } from '../auth/sessions.service';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Marks the account for deletion after DELETION_GRACE_DAYS and signs it out everywhere: the next
 * sign-in is the owner changing their mind (it cancels). Asked again, the grace starts again.
 */
export async function requestDeletion(
  app: FastifyInstance,
  user: { id: string; email: string },
  confirm: string,
  from: ActivitySource,
): Promise<DeletionScheduled> {
  if (confirm.trim().toLowerCase() !== user.email) throw apiError(400, 'deletion_not_confirmed');
  const now = app.now();
  const eraseAfter = new Date(now.getTime() + app.config.deletionGraceDays * DAY_MS);
  await app.db
    .insertInto('account_deletions')
    .values({ user_id: user.id, requested_at: now, erase_after: eraseAfter })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ requested_at: now, erase_after: eraseAfter }))
    .execute();
  await revokeUserSessions(app, user.id);
  await recordActivity(app, {
    userId: user.id,
    kind: 'deletion-requested',
    from,
    details: { eraseAfter: eraseAfter.toISOString() },
  });
  await app.mailQueue.enqueue('deletion-scheduled', user.email);
  return {
    message: `Your account will be deleted after ${app.config.deletionGraceDays} days. Signing in before then cancels it.`,
    eraseAfter: eraseAfter.toISOString(),
  };
}

/** A sign-in during the grace period: the deletion is off, and the owner is told (answer and mail). */
export async function cancelDeletionBySignIn(
  app: FastifyInstance,
  user: { id: string; email: string },
  from: ActivitySource,
) {
  const cancelled = await app.db
    .deleteFrom('account_deletions')
    .where('user_id', '=', user.id)
    .returning('user_id')
    .executeTakeFirst();
  if (!cancelled) return false;
  await recordActivity(app, { userId: user.id, kind: 'deletion-cancelled', from, details: { by: 'signing in' } });
  await app.mailQueue.enqueue('deletion-cancelled', user.email);
  return true;
}

/** An admin takes a pending deletion back (the user is mailed). */
export async function cancelDeletionByAdmin(app: FastifyInstance, userId: string) {
  const cancelled = await app.db
    .deleteFrom('account_deletions')
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  if (!cancelled) throw notFound('This account has no pending deletion.');
  const user = await app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  // The admin's device and address are theirs, not the account's: the log says only who.
  await recordActivity(app, { userId, kind: 'deletion-cancelled', details: { by: 'our support team' } });
  await app.mailQueue.enqueue('deletion-cancelled-by-admin', user.email);
}

/** Pending deletions, soonest erasure first (account_deletions_erase_idx). */
export async function listPendingDeletions(
  app: FastifyInstance,
  q: PendingDeletionQuery,
): Promise<PendingDeletionPage> {
  const limit = limitOf(q);
  let rows = app.db
    .selectFrom('account_deletions')
    .innerJoin('users', 'users.id', 'account_deletions.user_id')
    .select([
      'account_deletions.user_id',
      'account_deletions.requested_at',
      'account_deletions.erase_after',
      'users.email',
      'users.username',
    ]);
  if (q.after) {
    const key = decodeCursor(q.after, ['date', 'uuid']);
    rows = rows.where(afterKey(['account_deletions.erase_after', 'account_deletions.user_id'], key, 'asc'));
  }
  const found = await rows
    .orderBy('account_deletions.erase_after')
    .orderBy('account_deletions.user_id')
    .limit(limit + 1)
    .execute();
  return pageFrom(
    found,
    limit,
    (r) => [new Date(r.erase_after).toISOString(), r.user_id],
    (r) => ({
      userId: r.user_id,
      email: r.email,
      username: r.username,
      requestedAt: new Date(r.requested_at).toISOString(),
      eraseAfter: new Date(r.erase_after).toISOString(),
    }),
  );
}

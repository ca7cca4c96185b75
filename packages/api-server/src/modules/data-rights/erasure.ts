import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Hands each workspace `userId` holds (`owner_id`) that has other members to one of them, under the
 * workspaces' row locks (as member changes take them): the longest-standing other owner, else the
 * longest-standing member, who becomes owner. Projects and links follow owner_id (its foreign key
 * cascades the update, 0013). A workspace with no other member stays theirs and goes with the account.
 */
async function handOnSharedWorkspaces(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.selectFrom('workspaces').select('id').where('owner_id', '=', userId).forUpdate().execute();
  await sql`
    with successor as (
      select distinct on (m.workspace_id) m.workspace_id, m.user_id, m.role
      from workspaces w join workspace_members m on m.workspace_id = w.id and m.user_id <> w.owner_id
      where w.owner_id = ${userId}
      order by m.workspace_id, (m.role = 'owner') desc, m.added_at, m.user_id
    ), promoted as (
      update workspace_members m set role = 'owner' from successor s
      where m.workspace_id = s.workspace_id and m.user_id = s.user_id and s.role <> 'owner'
    )
    update workspaces w set owner_id = s.user_id from successor s where w.id = s.workspace_id`.execute(trx);
}

/**
 * Erases the accounts whose grace has ended, one account per transaction (its cascade may be
 * thousands of projects and links), so an account is erased whole or not at all: its shared
 * workspaces handed on, the mail sent to its address (outbox, mail jobs) and its contact messages,
 * the address where other accounts' logs name it (an invitation sent to it, its removal), then the
 * user row, whose foreign keys take its own workspaces, projects, links, memberships,
 * activity log, sessions, devices, codes, second factor, passkeys, subscription and pending changes
 * with it. Its invoices stay for the tax record, with no user (migration 0020). The row lock keeps a
 * sign-in's cancel and the erasure from crossing.
 */
export async function* eraseDueAccounts(db: Kysely<Database>, { now }: { now: Date }): AsyncIterable<number> {
  for (;;) {
    const erased = await db.transaction().execute(async (trx) => {
      const due = await sql<{ user_id: string }>`
        select user_id from account_deletions where erase_after <= ${now}
        order by erase_after, user_id limit 1 for update skip locked`.execute(trx);
      const userId = due.rows[0]?.user_id;
      if (!userId) return 0;
      await handOnSharedWorkspaces(trx, userId);
      const result = await sql<{ erased: string | number }>`
        with account as (
          select id, email from users where id = ${userId}
        ), outbox_gone as (
          delete from outbox where to_address in (select email from account)
        ), jobs_gone as (
          delete from mail_jobs where to_address in (select email from account)
        ), messages_gone as (
          delete from contact_messages where email in (select email from account)
        ), named_elsewhere as (
          update activity_events set details = details || '{"email": "an erased account"}'::jsonb
          where details ? 'email' and details->>'email' in (select email from account)
        ), erased as (
          delete from users where id in (select id from account) returning 1
        )
        select count(*) as erased from erased`.execute(trx);
      return Number(result.rows[0]?.erased ?? 0);
    });
    yield erased;
    if (erased === 0) return;
  }
}

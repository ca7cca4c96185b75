import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Erases the accounts whose grace has ended, one account per statement (its cascade may be
 * thousands of projects and links). One statement each, so an account is erased whole or not at
 * all: the mail sent to its address (outbox, mail jobs) and its contact messages, then the user row,
 * whose foreign keys take its workspaces, projects, links, sessions, devices, codes, second factor,
 * passkeys, subscription and pending changes with it. Its invoices stay for the tax record, with no
 * user (migration 0020). The row lock keeps a sign-in's cancel and the erasure from crossing.
 */
export async function* eraseDueAccounts(db: Kysely<Database>, { now }: { now: Date }): AsyncIterable<number> {
  for (;;) {
    const result = await sql<{ erased: string | number }>`
      with due as (
        select user_id from account_deletions where erase_after <= ${now}
        order by erase_after, user_id limit 1 for update skip locked
      ), account as (
        select id, email from users where id in (select user_id from due)
      ), outbox_gone as (
        delete from outbox where to_address in (select email from account)
      ), jobs_gone as (
        delete from mail_jobs where to_address in (select email from account)
      ), messages_gone as (
        delete from contact_messages where email in (select email from account)
      ), erased as (
        delete from users where id in (select id from account) returning 1
      )
      select count(*) as erased from erased`.execute(db);
    const erased = Number(result.rows[0]?.erased ?? 0);
    yield erased;
    if (erased === 0) return;
  }
}

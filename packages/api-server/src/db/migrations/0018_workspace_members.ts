import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Workspaces with members: each member has a role (owner, editor, viewer); the creator is the
 * first owner. `workspaces.owner_id` stays, as the owner whose rows the projects and links carry
 * (0013): the service moves it to another owner when that one leaves or stops being an owner.
 *
 * Every workspace, old or new, has its owner as a member: the rows before are backfilled, and a
 * trigger adds the owner of each workspace inserted after (the service, the seed, a bench's SQL).
 *
 * Invitations keep the HMAC of their token only (as one-time codes), the address normalised
 * (trimmed, lower case), and at most one pending invitation per workspace and address.
 */
export const m0018_workspace_members: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table workspace_members (
        workspace_id uuid not null references workspaces (id) on delete cascade,
        user_id uuid not null references users (id) on delete cascade,
        role text not null check (role in ('owner', 'editor', 'viewer')),
        added_at timestamptz not null,
        added_by uuid references users (id) on delete set null,
        workspace_created_at timestamptz not null,
        primary key (workspace_id, user_id)
      )`.execute(db);
    // A user's workspaces newest first (the workspaces list, every client list's scope, an admin's
    // view of the user): one range of this index, the workspace's creation time copied in (it never
    // changes), so a client in 10,000 workspaces reads a page, not 10,000 workspaces to sort.
    await sql`create index workspace_members_user_idx
      on workspace_members (user_id, workspace_created_at desc, workspace_id desc)`.execute(db);
    // A workspace's members, newest first.
    await sql`create index workspace_members_newest_idx
      on workspace_members (workspace_id, added_at desc, user_id desc)`.execute(db);
    // The owners of a workspace, counted under the workspace's row lock before one leaves or is demoted.
    await sql`create index workspace_members_owners_idx on workspace_members (workspace_id) where role = 'owner'`.execute(
      db,
    );
    await sql`insert into workspace_members (workspace_id, user_id, role, added_at, added_by, workspace_created_at)
      select id, owner_id, 'owner', created_at, owner_id, created_at from workspaces`.execute(db);
    await sql`
      create or replace function kloof_fill_workspace_time() returns trigger language plpgsql as $$
      begin
        if new.workspace_created_at is null then
          select w.created_at into new.workspace_created_at from workspaces w where w.id = new.workspace_id;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger workspace_members_fill_time before insert on workspace_members
      for each row execute function kloof_fill_workspace_time()`.execute(db);
    await sql`
      create or replace function kloof_owner_member() returns trigger language plpgsql as $$
      begin
        insert into workspace_members (workspace_id, user_id, role, added_at, added_by, workspace_created_at)
          values (new.id, new.owner_id, 'owner', new.created_at, new.owner_id, new.created_at)
          on conflict do nothing;
        return new;
      end $$`.execute(db);
    await sql`create trigger workspaces_owner_member after insert on workspaces
      for each row execute function kloof_owner_member()`.execute(db);

    await sql`
      create table workspace_invitations (
        id uuid primary key,
        workspace_id uuid not null references workspaces (id) on delete cascade,
        email text not null check (email = lower(btrim(email))),
        role text not null check (role in ('owner', 'editor', 'viewer')),
        token_hash text unique,
        mail_pending boolean not null default true,
        expires_at timestamptz not null,
        invited_by uuid references users (id) on delete set null,
        created_at timestamptz not null,
        accepted_at timestamptz,
        accepted_by uuid references users (id) on delete set null,
        revoked_at timestamptz
      )`.execute(db);
    await sql`create unique index workspace_invitations_pending_key on workspace_invitations (workspace_id, email)
      where accepted_at is null and revoked_at is null`.execute(db);
    await sql`create index workspace_invitations_pending_newest_idx
      on workspace_invitations (workspace_id, created_at desc, id desc)
      where accepted_at is null and revoked_at is null`.execute(db);
    // The mail worker's pick: the invitations to an address still waiting for their mail.
    await sql`create index workspace_invitations_mail_idx on workspace_invitations (email, created_at)
      where mail_pending`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists workspace_invitations`.execute(db);
    await sql`drop trigger if exists workspaces_owner_member on workspaces`.execute(db);
    await sql`drop function if exists kloof_owner_member()`.execute(db);
    await sql`drop table if exists workspace_members`.execute(db);
    await sql`drop function if exists kloof_fill_workspace_time()`.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each client's lists cost what that client holds, not what the site holds: projects and links
 * carry their workspace's `owner_id`, so a list, a filter or a count is one range of an index on
 * the owner's rows (before, the scope was a subquery of the owner's workspace ids, which at a
 * million rows of others planned a Parallel Seq Scan). Every list is newest first on
 * (created_at desc, id desc), the order its keyset cursor follows.
 *
 * The copy cannot drift from the workspace: (workspace_id, owner_id) is a foreign key to the
 * workspace's (id, owner_id), cascading a change of owner; a writer that leaves owner_id out
 * (the seed, a bench's plain SQL) gets it filled from the workspace before the row is stored.
 */
export const m0013_client_lists_by_owner: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table workspaces add constraint workspaces_id_owner_key unique (id, owner_id)`.execute(db);
    await sql`drop index workspaces_owner_idx`.execute(db);
    await sql`create index workspaces_owner_newest_idx on workspaces (owner_id, created_at desc, id desc)`.execute(db);

    await sql`
      create or replace function kloof_fill_owner() returns trigger language plpgsql as $$
      begin
        if new.owner_id is null then
          select w.owner_id into new.owner_id from workspaces w where w.id = new.workspace_id;
        end if;
        return new;
      end $$`.execute(db);

    for (const table of ['projects', 'links'] as const) {
      const t = sql.table(table);
      await sql`alter table ${t} add column owner_id uuid`.execute(db);
      await sql`update ${t} as x set owner_id = w.owner_id from workspaces w where w.id = x.workspace_id`.execute(db);
      await sql`alter table ${t} alter column owner_id set not null`.execute(db);
      await sql`alter table ${t} drop constraint ${sql.raw(`${table}_workspace_id_fkey`)}`.execute(db);
      await sql`alter table ${t} add constraint ${sql.raw(`${table}_workspace_owner_fkey`)}
        foreign key (workspace_id, owner_id) references workspaces (id, owner_id)
        on delete cascade on update cascade`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_fill_owner`)} before insert on ${t}
        for each row execute function kloof_fill_owner()`.execute(db);
      await sql`drop index ${sql.raw(`${table}_workspace_idx`)}`.execute(db);
      await sql`create index ${sql.raw(`${table}_owner_newest_idx`)} on ${t} (owner_id, created_at desc, id desc)`.execute(
        db,
      );
      await sql`create index ${sql.raw(`${table}_workspace_newest_idx`)} on ${t} (workspace_id, created_at desc, id desc)`.execute(
        db,
      );
    }
    // The dashboard's count by status and the list by status; a link's project filter (and the
    // ON DELETE SET NULL of a project, which had no index to find its links).
    await sql`create index projects_owner_status_newest_idx on projects (owner_id, status, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index links_project_newest_idx on links (project_id, created_at desc, id desc)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists links_project_newest_idx`.execute(db);
    await sql`drop index if exists projects_owner_status_newest_idx`.execute(db);
    for (const table of ['projects', 'links'] as const) {
      const t = sql.table(table);
      await sql`drop index if exists ${sql.raw(`${table}_workspace_newest_idx`)}`.execute(db);
      await sql`drop index if exists ${sql.raw(`${table}_owner_newest_idx`)}`.execute(db);
      await sql`create index ${sql.raw(`${table}_workspace_idx`)} on ${t} (workspace_id)`.execute(db);
      await sql`drop trigger if exists ${sql.raw(`${table}_fill_owner`)} on ${t}`.execute(db);
      await sql`alter table ${t} drop constraint ${sql.raw(`${table}_workspace_owner_fkey`)}`.execute(db);
      await sql`alter table ${t} add constraint ${sql.raw(`${table}_workspace_id_fkey`)}
        foreign key (workspace_id) references workspaces (id) on delete cascade`.execute(db);
      await sql`alter table ${t} drop column owner_id`.execute(db);
    }
    await sql`drop function if exists kloof_fill_owner()`.execute(db);
    await sql`drop index if exists workspaces_owner_newest_idx`.execute(db);
    await sql`create index workspaces_owner_idx on workspaces (owner_id)`.execute(db);
    await sql`alter table workspaces drop constraint workspaces_id_owner_key`.execute(db);
  },
};

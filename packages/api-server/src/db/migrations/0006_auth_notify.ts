import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Every change to a user or a session is announced on the `kloof_auth` channel with the user's
 * id, whoever makes it (any API instance, a CLI, an operator's SQL): each instance drops what it
 * cached of that user's session and roles (plugins/auth-cache.ts).
 */
export const m0006_auth_notify: Migration = {
  async up(db: Kysely<unknown>) {
    // One function per table: plpgsql resolves every field a function names against the row type.
    await sql`
      create or replace function kloof_user_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('kloof_auth', old.id::text);
        return null;
      end $$`.execute(db);
    await sql`
      create or replace function kloof_session_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('kloof_auth', old.user_id::text);
        return null;
      end $$`.execute(db);
    await sql`create trigger users_auth_changed after update or delete on users
      for each row execute function kloof_user_changed()`.execute(db);
    await sql`create trigger sessions_auth_changed after update or delete on sessions
      for each row execute function kloof_session_changed()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists sessions_auth_changed on sessions`.execute(db);
    await sql`drop trigger if exists users_auth_changed on users`.execute(db);
    await sql`drop function if exists kloof_session_changed()`.execute(db);
    await sql`drop function if exists kloof_user_changed()`.execute(db);
  },
};

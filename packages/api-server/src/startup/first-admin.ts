import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hmac, randomToken } from '../lib/crypto';
import { STARTUP_TURN } from '../lib/passwords';
import { superAdminRow } from '../modules/users/super-admin-row';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: create that account as a verified SuperAdmin, or make an existing
 * account one (its password is then left as it is). Without them, while no SuperAdmin exists, a
 * one-time link to the site's /setup page is printed, its token in the fragment (for the form or for
 * POST /v1/auth/bootstrap). There is no default password.
 */
export async function ensureFirstAdmin(
  app: FastifyInstance,
  onBootstrapToken?: (token: string) => void,
): Promise<void> {
  const { adminEmail, adminPassword } = app.config;
  const now = app.now();
  if (adminEmail && adminPassword) {
    const passwordHash = await app.passwords.hash(adminPassword, STARTUP_TURN);
    await app.db
      .insertInto('users')
      .values(superAdminRow({ email: adminEmail, username: adminEmail.split('@')[0] ?? 'admin', passwordHash, now }))
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({
          roles: sql<string[]>`array(select distinct unnest(users.roles || array['Admin','SuperAdmin']::text[]))`,
          verified: true,
          updated_at: now,
        }),
      )
      .execute();
    app.log.info({ email: adminEmail }, 'first admin: SuperAdmin from ADMIN_EMAIL is in place');
    return;
  }
  const superAdmin = await app.db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`'SuperAdmin' = any(roles)`)
    .executeTakeFirst();
  if (superAdmin) return;
  const token = randomToken(24);
  const expiresAt = new Date(now.getTime() + app.config.bootstrapTokenTtl * 1000);
  // Only the newest token is valid: a start replaces whatever an earlier start printed.
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bootstrap_tokens').where('used_at', 'is', null).execute();
    await trx
      .insertInto('bootstrap_tokens')
      .values({
        id: randomUUID(),
        token_hash: hmac(app.hashKey, `bootstrap:${token}`),
        used_at: null,
        expires_at: expiresAt,
        created_at: now,
      })
      .execute();
  });
  if (onBootstrapToken) onBootstrapToken(token);
  // The one line that carries the token: in the fragment, which no browser sends to a server.
  const setupLink = `${app.config.siteUrl}/setup#${token}`;
  app.log.warn(
    { setupLink },
    `No SuperAdmin exists. Open ${setupLink} once before ${expiresAt.toISOString()} to create one (or POST /v1/auth/bootstrap {"token":"<the part after #>","email":"...","password":"...","username":"..."}; a restart prints a new link and voids this one; or set ADMIN_EMAIL and ADMIN_PASSWORD).`,
  );
}

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { hmac } from '../lib/crypto';
import { HttpError, API_ERRORS, forbidden, unauthorized } from '../lib/http-error';
import { createJwt } from '../lib/jwt';
import { createPasswordHasher } from '../lib/passwords';
import { preloadPasswordChecks } from '../lib/password-strength';
import { resolveSecret } from '../startup/signing-secret';

export const isAdmin = (roles: readonly string[]) => roles.includes('Admin') || roles.includes('SuperAdmin');

/** Tokens, password hashing and the guards every protected route uses (roles/verified read from the DB). */
export default fp(
  async (app) => {
    const secret = await resolveSecret(app.db, app.config.jwtSecret, app.now());
    app.decorate('jwt', createJwt(secret, app.now));
    app.decorate('hashKey', hmac(secret, 'kloof:one-time-code-key'));
    app.decorate('passwords', await createPasswordHasher(app.config.passwordHash));
    preloadPasswordChecks();
    app.decorateRequest('auth', null);

    const authenticate = async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized();
      const result = app.jwt.verify(match[1], 'access');
      if (!result.ok) {
        if (result.reason === 'expired') {
          throw new HttpError(401, API_ERRORS.tokenExpired, { expiredAt: result.expiredAt.toISOString() });
        }
        throw unauthorized();
      }
      const { sub, fam } = result.claims;
      const now = app.now();
      const user = await app.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', sub)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('sessions')
              .select(sql`1`.as('one'))
              .where('family_id', '=', fam)
              .where('revoked_at', 'is', null)
              .where('expires_at', '>', now),
          ),
        )
        .executeTakeFirst();
      if (!user) throw unauthorized();
      request.auth = { user, familyId: fam };
      return request.auth;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireVerified', async (request: FastifyRequest) => {
      const { user } = await authenticate(request);
      if (!user.verified) throw forbidden(API_ERRORS.notVerified);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const { user } = await authenticate(request);
      if (!user.verified) throw forbidden(API_ERRORS.notVerified);
      if (!isAdmin(user.roles)) throw forbidden(API_ERRORS.notAdmin);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user of a route guarded by requireUser/requireVerified/requireAdmin. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

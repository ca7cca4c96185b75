import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import { hmac } from '../lib/crypto';
import { apiError } from '../lib/http-error';
import { createJwt } from '../lib/jwt';
import { createPasswordHasher } from '../lib/passwords';
import { preloadPasswordChecks } from '../lib/password-strength';
import { resolveSecret } from '../startup/signing-secret';
import { AuthCache } from './auth-cache';
import { lacksRequiredSecondFactor } from '../modules/security-settings/security-settings.store';
import { SECOND_FACTOR_REASON } from '@kloof/api-contract/constants';

import { isAdmin } from '../lib/roles';

export { isAdmin };

/**
 * Tokens, password hashing and the guards every protected route uses: roles and verified come from
 * the database, read at most once per `AUTH_CACHE_MS` per session and instance (auth-cache.ts).
 */
export default fp(
  async (app) => {
    const secret = await resolveSecret(app.db, app.config.jwtSecret, app.now());
    app.decorate('jwt', createJwt(secret, app.now));
    app.decorate('hashKey', hmac(secret, 'kloof:one-time-code-key'));
    app.decorate('passwords', await createPasswordHasher(app.config.passwordHash, app.config.passwordQueue));
    preloadPasswordChecks();
    app.decorateRequest('auth', null);

    const cache = new AuthCache<{ user: UserRow; sessionExpiresAt: Date }>(app.config.authCacheMs);
    // This instance's own writes to users or sessions: dropped before the write is sent and again
    // once it is done (a read racing it is not cached: see AuthCache.begin).
    app.dbAuthWrites.onWrite(() => cache.invalidate());
    if (cache.ttlMs > 0) {
      // Every writer's changes, at commit (other instances, CLIs); while not listening, nothing is cached.
      const notifications = app.dbAuthChanges({
        onChange: (userId) => cache.invalidate(userId),
        onListening: (listening) => {
          cache.invalidate();
          cache.enabled = listening;
        },
      });
      app.addHook('onClose', async () => notifications.stop());
    }
    const sweep = setInterval(() => cache.sweep(), 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));

    /** The user of a live session of this family, with the session's end; undefined when there is none. */
    const readSession = async (userId: string, familyId: string, now: Date) => {
      const row = await app.db
        .selectFrom('users')
        .selectAll('users')
        .select((eb) =>
          eb
            .selectFrom('sessions')
            .select((sessions) => sessions.fn.max('expires_at').as('expires_at'))
            .where('family_id', '=', familyId)
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .as('session_expires_at'),
        )
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row?.session_expires_at) return undefined;
      const { session_expires_at: sessionExpiresAt, ...user } = row;
      return { user: user as UserRow, sessionExpiresAt: new Date(sessionExpiresAt) };
    };

    const authenticate = async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw apiError(401, 'unauthorized');
      const result = app.jwt.verify(match[1], 'access');
      if (!result.ok) {
        if (result.reason === 'expired') {
          throw apiError(401, 'token_expired', { expiredAt: result.expiredAt.toISOString() });
        }
        throw apiError(401, 'unauthorized');
      }
      const { sub, fam } = result.claims;
      const now = app.now();
      let session = cache.get(sub, fam);
      if (!session || session.sessionExpiresAt <= now) {
        const begun = cache.begin();
        session = await readSession(sub, fam, now);
        if (!session) throw apiError(401, 'unauthorized');
        cache.set(begun, sub, fam, session);
      }
      const { user } = session;
      request.auth = { user, familyId: fam };
      return request.auth;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
    app.decorate('requireVerified', async (request: FastifyRequest) => {
      const { user } = await authenticate(request);
      if (!user.verified) throw apiError(403, 'email_not_confirmed');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const { user } = await authenticate(request);
      if (!user.verified) throw apiError(403, 'email_not_confirmed');
      if (!isAdmin(user.roles)) throw apiError(403, 'admin_required');
      // While a SuperAdmin requires it, no admin route answers an admin without a second factor.
      if (await lacksRequiredSecondFactor(app, user))
        throw apiError(403, 'second_factor_required', { reason: SECOND_FACTOR_REASON });
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user of a route guarded by requireUser/requireVerified/requireAdmin. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw apiError(401, 'unauthorized');
  return request.auth;
}

import type { AdminReads } from './db/admin-reads';
import type { AuthChangeHandlers, AuthNotifications } from './db/auth-notifications';
import type { AuthWrites } from './db/auth-writes';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from './config';
import type { Availability } from './lib/availability';
import type { Db } from './db/connect';
import type { UserRow } from './db/schema';
import type { Jwt } from './lib/jwt';
import type { SecretBox } from './lib/secret-box';
import type { PasswordHasher } from './lib/passwords';
import type { Mailer } from './plugins/mail';
import type { MailQueue } from './plugins/mail-queue';
import type { Limiter, RateLimitBucket } from './plugins/rate-limit';
import type { ApiMetrics } from './plugins/metrics';
import type { PoolUse } from './db/connect';

export type Clock = () => Date;

export interface AuthContext {
  user: UserRow;
  familyId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    now: Clock;
    db: Db;
    dbKind: 'pglite' | 'postgres';
    /** The admins' lists and searches: a lane of their own, so they never take the clients' connections. */
    adminReads: AdminReads;
    /** Whether the database answered lately: health reports it, the error handler feeds it. */
    dbAvailability: Availability;
    /** The database pool's connections in use and queries waiting (/metrics). */
    dbPoolUse(): PoolUse;
    /** Told of every write to users or sessions this instance makes (the auth cache listens). */
    dbAuthWrites: AuthWrites;
    /** Changes to users and sessions by any writer, announced by the database at commit. */
    dbAuthChanges(handlers: AuthChangeHandlers): AuthNotifications;
    mailer: Mailer;
    passwords: PasswordHasher;
    jwt: Jwt;
    /** HMAC key for OTP and bootstrap token hashes (derived from the JWT secret). */
    hashKey: string;
    rateLimit(bucket: RateLimitBucket): preHandlerAsyncHookHandler;
    /** Shared counters for per-account, per-address and per-code limits. */
    limiter: Limiter;
    /** Durable outgoing mail: requests enqueue, a worker composes and delivers with retries. */
    mailQueue: MailQueue;
    /** Any signed-in user (verified or not). */
    requireUser: preHandlerAsyncHookHandler;
    /** A signed-in, verified user. */
    requireVerified: preHandlerAsyncHookHandler;
    /** A signed-in, verified Admin or SuperAdmin (with a second factor while the rule asks for one). */
    requireAdmin: preHandlerAsyncHookHandler;
    /** Seals authenticator-app keys at rest. */
    totpSecrets: SecretBox;
    /** Prometheus metrics of this instance, served on METRICS_PORT. */
    metrics: ApiMetrics;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

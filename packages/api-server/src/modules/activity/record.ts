import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SECURITY_CHANGE_KINDS, type ActivityKind } from '@kloof/api-contract/constants';
import { addressNetwork } from '@kloof/telemetry-token';
import { jsonb } from '../../db/json';
import { deviceHash } from '../auth/known-devices';
import { describeUserAgent } from '../auth/user-agent';

export type ActivityDeps = Pick<FastifyInstance, 'db' | 'now' | 'mailQueue'>;

/**
 * Where an event came from. A signed-in change names its session (`familyId`): the event shows that
 * session's device. A sign-in names the browser itself (its User-Agent and device id).
 */
export interface ActivitySource {
  ip: string;
  familyId?: string | undefined;
  userAgent?: string | undefined;
  device?: string | undefined;
}

export interface ActivityInput {
  userId: string;
  kind: ActivityKind;
  /** The request that caused it; none for a change made without one (a job, the CLI). */
  from?: ActivitySource | undefined;
  /** What the owner reads beside the kind ("password", "Office laptop"): never a secret, code or token. */
  details?: Record<string, string | number | boolean | null> | undefined;
  /** The owner was already warned of this security change by its own mail: no second notice. */
  noticeSent?: boolean | undefined;
}

async function deviceOf(app: ActivityDeps, from: ActivitySource) {
  if (from.familyId) {
    const family = await app.db
      .selectFrom('session_families')
      .select(['browser', 'os', 'device_hash'])
      .where('family_id', '=', from.familyId)
      .executeTakeFirst();
    if (family) return family;
  }
  return { ...describeUserAgent(from.userAgent), device_hash: from.device ? deviceHash(from.device) : null };
}

/**
 * Records one event in the account's activity log, on `app.db` once the change it tells of has
 * committed (call it after the change's transaction, never inside it). A security change is also
 * mailed to the owner (kind `security-change`, ./activity-mails), with a "this was not me" link.
 */
export async function recordActivity(app: ActivityDeps, event: ActivityInput): Promise<void> {
  const notice = SECURITY_CHANGE_KINDS.includes(event.kind) && !event.noticeSent;
  const device = event.from ? await deviceOf(app, event.from) : { browser: null, os: null, device_hash: null };
  const user = await app.db
    .insertInto('activity_events')
    .values({
      id: randomUUID(),
      user_id: event.userId,
      kind: event.kind,
      at: app.now(),
      ...device,
      address: event.from?.ip ?? null,
      network: event.from ? addressNetwork(event.from.ip) : null,
      // No place database is shipped (README, "Activity log"): the place is unknown.
      place: null,
      details: jsonb(event.details ?? {}),
      notice_pending: notice,
    })
    .returning((eb) => eb.selectFrom('users').select('email').whereRef('users.id', '=', 'user_id').as('email'))
    .executeTakeFirstOrThrow();
  if (notice && user.email) await app.mailQueue.enqueue('security-change', user.email);
}

import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../lib/crypto';

type Deps = Pick<FastifyInstance, 'db' | 'now'>;

/** A known device stays known this long after its last sign-in (or reset) on the account. */
export const KNOWN_DEVICE_DAYS = 180;

/** Only this hash is stored: the id is a secret of the browser that holds it. */
export const deviceHash = (device: string) => sha256(`device:${device}`);

/**
 * The device's hash when this browser has proved before that it belongs to the account of this
 * address, otherwise null. One query whether or not the address has an account.
 */
export async function knownDevice(app: Deps, email: string, device: string | undefined): Promise<string | null> {
  if (!device) return null;
  const hash = deviceHash(device);
  const since = new Date(app.now().getTime() - KNOWN_DEVICE_DAYS * 24 * 3600 * 1000);
  const row = await app.db
    .selectFrom('known_devices')
    .innerJoin('users', 'users.id', 'known_devices.user_id')
    .select('known_devices.device_hash')
    .where('users.email', '=', email.trim().toLowerCase())
    .where('known_devices.device_hash', '=', hash)
    .where('known_devices.last_seen_at', '>', since)
    .executeTakeFirst();
  return row ? hash : null;
}

/**
 * Remembers a browser that proved it belongs to the owner (right password, or a mailed code).
 * Returns true when the account did not know it yet (or it sent no id at all).
 */
export async function rememberDevice(app: Deps, userId: string, device: string | undefined): Promise<boolean> {
  if (!device) return true;
  const now = app.now();
  const row = await app.db
    .insertInto('known_devices')
    .values({ user_id: userId, device_hash: deviceHash(device), created_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: now }))
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return new Date(row.created_at).getTime() === now.getTime();
}

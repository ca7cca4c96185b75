import type { FastifyInstance } from 'fastify';
import type { Passkey } from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import type { PasskeyRow } from '../../db/schema';

/** `db`: the caller's transaction when it holds one. */
export async function hasPasskeys(app: FastifyInstance, userId: string, db: Db = app.db): Promise<boolean> {
  const row = await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return !!row;
}

/** A user's passkeys, oldest first. */
export function passkeysOf(app: FastifyInstance, userId: string): Promise<PasskeyRow[]> {
  return app.db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The passkey a browser answered with, by its credential id. */
export function passkeyByCredential(app: FastifyInstance, credentialId: string): Promise<PasskeyRow | undefined> {
  return app.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** How the browser said it can reach the passkey ('internal', 'hybrid', 'usb'...), at the time it was added. */
export function transportsOf(row: PasskeyRow): string[] {
  const stored: unknown = JSON.parse(row.transports);
  return Array.isArray(stored) ? stored.filter((t): t is string => typeof t === 'string') : [];
}

/** How the browser is told which passkeys may answer (or must not be made again). */
export const descriptorOf = (row: PasskeyRow) => ({
  id: row.credential_id,
  type: 'public-key',
  transports: transportsOf(row),
});

export const toPasskeyDto = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  synced: row.backed_up,
});

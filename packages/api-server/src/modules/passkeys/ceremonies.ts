import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CeremonyPurpose } from '../../db/schema';

/** A challenge lives this long on the server: enough for a phone nearby, too short to be worth stealing. */
const CEREMONY_SECONDS = 180;

interface Flow {
  purpose: CeremonyPurpose;
  /** The account it is for; none for a sign-in with a passkey alone (the passkey will say). */
  userId: string | null;
  /** What else the flow must show: its session family (adding), its password challenge's hash (second factor). */
  boundTo: string;
}

/** Keeps a new challenge for one flow; its id goes to the browser with the options. */
export async function openCeremony(app: FastifyInstance, flow: Flow, challenge: string): Promise<string> {
  const id = randomUUID();
  await app.db
    .insertInto('webauthn_ceremonies')
    .values({
      id,
      purpose: flow.purpose,
      challenge,
      user_id: flow.userId,
      bound_to: flow.boundTo,
      expires_at: new Date(app.now().getTime() + CEREMONY_SECONDS * 1000),
    })
    .execute();
  return id;
}

/**
 * The challenge of a ceremony, taken once: the row is deleted whatever comes next, so a second
 * answer (a replay, a race) finds nothing. Null when it is gone, expired, or asked by another flow.
 */
export async function takeCeremony(app: FastifyInstance, id: string, flow: Flow): Promise<string | null> {
  const row = await app.db.deleteFrom('webauthn_ceremonies').where('id', '=', id).returningAll().executeTakeFirst();
  if (!row) return null;
  const fits =
    row.purpose === flow.purpose &&
    row.user_id === flow.userId &&
    row.bound_to === flow.boundTo &&
    new Date(row.expires_at).getTime() > app.now().getTime();
  return fits ? row.challenge : null;
}

import type { FastifyInstance } from 'fastify';

/** Who passkeys are made for: the site's host name (rp id) and the one origin their answers may come from. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** From SITE_URL (config), so a passkey made on the site works there and nowhere else. */
export function relyingParty(app: FastifyInstance): RelyingParty {
  const site = new URL(app.config.siteUrl);
  return { id: site.hostname, name: 'Kloof Digital', origin: site.origin };
}

/** How long the browser waits for the person; a little under the ceremony's life on the server. */
export const PROMPT_TIMEOUT_MS = 170_000;

/**
 * The WebAuthn user handle of an account: its id as UTF-8 (no e-mail or name in it). A discoverable
 * passkey hands it back on sign-in, and it must be the account the passkey was added to.
 */
export const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(userId, 'utf8'));
export const encodedUserHandleOf = (userId: string): string => Buffer.from(userId, 'utf8').toString('base64url');

import type { AskForPasskey } from '@kloof/auth';

/**
 * The browser's prompt for one of the account's passkeys, when a change asks to confirm it is you
 * with one. The WebAuthn library loads on first use only, as for adding one.
 */
export const askForPasskey: AskForPasskey = async (start) =>
  (await import('@simplewebauthn/browser')).startAuthentication({ optionsJSON: start.options });

import type { PasskeyCreationStart, PasskeyRegistration } from '@kloof/api-client';

/**
 * Asks the browser to make a passkey (its own prompt: where to keep it, then face, finger or PIN).
 * The WebAuthn library loads on first use only.
 */
export async function makePasskey(start: PasskeyCreationStart): Promise<PasskeyRegistration> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: start.options });
}

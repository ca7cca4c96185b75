import type { PasskeyAssertion, PasskeyRequestStart } from '@kloof/api-client';

/**
 * Asks the browser for a signature with a passkey (its own prompt: choose one, then face, finger or
 * PIN). The WebAuthn library loads on first use only: most sign-ins never need it.
 */
export async function askForPasskey(start: PasskeyRequestStart): Promise<PasskeyAssertion> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: start.options });
}

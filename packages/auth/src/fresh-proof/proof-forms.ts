import type { FreshProofBody, PasskeyAssertion, PasskeyRequestStart, ProofKind } from '@kloof/api-client';

/**
 * How the re-check dialog asks for each kind of proof typed into a field: what the choice is
 * called, the field's label and input hints, and the body it sends. A passkey has no field.
 */
export interface ProofForm {
  choice: string;
  label: string;
  input: { type: 'password' | 'text'; autoComplete: string; inputMode?: 'numeric'; maxLength?: number };
  /** Said under the field when it is left empty. */
  missing: string;
  body: (value: string) => FreshProofBody;
}

export const proofForms: Record<Exclude<ProofKind, 'passkey'>, ProofForm> = {
  password: {
    choice: 'Password',
    label: 'Your password',
    input: { type: 'password', autoComplete: 'current-password' },
    missing: 'Enter your password.',
    body: (password) => ({ kind: 'password', password }),
  },
  totp: {
    choice: 'Authenticator app',
    // A recovery code has letters: no numeric keypad.
    label: 'Code from your authenticator app, or a recovery code',
    input: { type: 'text', autoComplete: 'one-time-code', maxLength: 32 },
    missing: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    body: (code) => ({ kind: 'totp', code: code.trim() }),
  },
};

/** What the choice of a passkey is called; the browser asks for it, the dialog has no field. */
export const PASSKEY_CHOICE = 'Passkey';

/** The browser's passkey prompt for the API's options (the caller's WebAuthn library: not every app loads one). */
export type AskForPasskey = (start: PasskeyRequestStart) => Promise<PasskeyAssertion>;

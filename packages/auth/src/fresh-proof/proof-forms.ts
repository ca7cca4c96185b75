import type { FreshProofBody, ProofKind } from '@kloof/api-client';

/**
 * How the re-check dialog asks for each kind of proof: what the choice is called, the field's
 * label and input hints, and the body it sends. A new kind (a passkey) is one more entry.
 */
export interface ProofForm {
  choice: string;
  label: string;
  input: { type: 'password' | 'text'; autoComplete: string; inputMode?: 'numeric'; maxLength?: number };
  /** Said under the field when it is left empty. */
  missing: string;
  body: (value: string) => FreshProofBody;
}

export const proofForms: Record<ProofKind, ProofForm> = {
  password: {
    choice: 'Password',
    label: 'Your password',
    input: { type: 'password', autoComplete: 'current-password' },
    missing: 'Enter your password.',
    body: (password) => ({ kind: 'password', password }),
  },
  totp: {
    choice: 'Authenticator app',
    label: 'Code from your authenticator app',
    input: { type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6 },
    missing: 'Enter the 6-digit code from your authenticator app.',
    body: (code) => ({ kind: 'totp', code: code.trim() }),
  },
};

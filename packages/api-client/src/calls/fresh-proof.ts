import { endpoints } from '@kloof/api-contract/endpoints';
import type { FreshProofBody, SecuritySettings } from '@kloof/api-contract';
import { call } from '../call';

const { freshProof, securitySettings } = endpoints;

/** Step-up: the signed-in user checks their password, a code or a passkey again; it holds for this session a few minutes. */
export const freshProofApi = {
  prove: (proof: FreshProofBody) => call(freshProof.proveIdentity, { body: proof }),
  /** Options for a proof with one of the account's passkeys, for this session. */
  startPasskey: () => call(freshProof.startPasskeyProof),
};

/** Site-wide account-security rules (admins read them, a SuperAdmin with a fresh proof changes them). */
export const securitySettingsApi = {
  get: () => call(securitySettings.getSecuritySettings),
  update: (settings: SecuritySettings) => call(securitySettings.updateSecuritySettings, { body: settings }),
};

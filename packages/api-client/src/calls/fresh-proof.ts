import { endpoints } from '@kloof/api-contract/endpoints';
import type { FreshProofBody, SecuritySettings } from '@kloof/api-contract';
import { call } from '../call';

const { freshProof, securitySettings } = endpoints;

/** Step-up: the signed-in user checks their password or a code again; it holds for this session a few minutes. */
export const freshProofApi = {
  prove: (proof: FreshProofBody) => call(freshProof.proveIdentity, { body: proof }),
};

/** Site-wide account-security rules (admins read them, a SuperAdmin with a fresh proof changes them). */
export const securitySettingsApi = {
  get: () => call(securitySettings.getSecuritySettings),
  update: (settings: SecuritySettings) => call(securitySettings.updateSecuritySettings, { body: settings }),
};

import { endpoints } from '@kloof/api-contract/endpoints';
import { call } from '../call';

const { secondFactor } = endpoints;

/** The signed-in user's authenticator app: status, set up, confirm, turn off, new recovery codes. */
export const totpApi = {
  status: () => call(secondFactor.getTotp),
  enrol: () => call(secondFactor.enrolTotp),
  confirm: async (code: string) => (await call(secondFactor.confirmTotp, { body: { code } })).recoveryCodes,
  disable: () => call(secondFactor.disableTotp),
  regenerateRecoveryCodes: async () => (await call(secondFactor.regenerateRecoveryCodes)).recoveryCodes,
};
